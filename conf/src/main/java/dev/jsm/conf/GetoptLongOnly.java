package dev.jsm.conf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Splits a command line into flags the way OpenSM's {@code getopt_long_only} does:
 * <ul>
 *   <li>long options may start with one dash ({@code -maxsmps 4}, {@code -sweep=5});</li>
 *   <li>a long name may be abbreviated to any unique prefix ({@code --sw 5}); a prefix of several flags is an
 *       error;</li>
 *   <li>a single-dash word that is no long option is a cluster of short flags ({@code -vvv}, {@code -d2},
 *       {@code -Qv});</li>
 *   <li>a flag's value is the next argument even if it starts with a dash ({@code -f -v.log}).</li>
 * </ul>
 * A single letter that is a short flag is always that flag ({@code -c} is {@code --create-config}, while
 * {@code -config} is {@code --config}). Our extra spellings ({@link CliFlag#aliases()}) match exactly only, so
 * OpenSM's prefixes keep their meaning. The result is one {@link Given} per flag occurrence, in command-line order.
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/conf.md#getoptlongonly.
 */
final class GetoptLongOnly {

    /** A command line that cannot be split; the message is one line. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message, null, false, false);
        }
    }

    /** A flag as given, with its value ({@code null} for flags without one). */
    record Given(CliFlag flag, String value) {
    }

    private final Map<Character, CliFlag> shorts = new HashMap<>();
    private final Map<String, CliFlag> longs = new LinkedHashMap<>();
    private final Map<String, CliFlag> aliases = new HashMap<>();

    GetoptLongOnly(List<CliFlag> flags) {
        for (CliFlag f : flags) {
            for (String n : f.names()) {
                if (n.startsWith("--")) {
                    longs.put(n.substring(2), f);
                } else {
                    shorts.put(n.charAt(1), f);
                }
            }
            for (String a : f.aliases()) {
                aliases.put(a.substring(2), f);
            }
        }
    }

    /**
     * Splits the arguments.
     *
     * @param args the command line
     * @return one occurrence per flag, in command-line order
     * @throws UsageException for unknown, ambiguous or incomplete flags and stray arguments
     */
    List<Given> split(String[] args) throws UsageException {
        List<Given> out = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                if (i + 1 < args.length) {
                    throw new UsageException("unexpected argument '" + args[i + 1] + "'");
                }
                break;
            }
            if (isLongFlag(a)) {
                i = longFlag(args, i, out);
            } else if (a.startsWith("-") && a.length() > 1) {
                i = shortCluster(args, i, out);
            } else {
                throw new UsageException("unexpected argument '" + a + "'");
            }
        }
        return out;
    }

    /**
     * Whether an argument is read as a long flag: {@code --x}, a single-dash word that names a long flag, or a
     * single-dash letter that is no short flag (so that the error names it).
     */
    private boolean isLongFlag(String a) throws UsageException {
        if (a.startsWith("--")) {
            return true;
        }
        if (!a.startsWith("-")) {
            return false;
        }
        if (a.length() == 2) {
            return !shorts.containsKey(a.charAt(1));
        }
        return a.length() > 2 && longMatch(body(a.substring(1)), a) != null;
    }

    private int longFlag(String[] args, int i, List<Given> out) throws UsageException {
        String a = args[i];
        String rest = a.substring(a.startsWith("--") ? 2 : 1);
        String name = body(rest);
        CliFlag f = longMatch(name, a);
        if (f == null) {
            throw new UsageException("unknown option '" + a + "'");
        }
        int eq = rest.indexOf('=');
        if (!f.takesValue()) {
            if (eq >= 0) {
                throw new UsageException("option '" + f.display() + "' takes no value");
            }
            out.add(new Given(f, null));
            return i;
        }
        if (eq >= 0) {
            out.add(new Given(f, rest.substring(eq + 1)));
            return i;
        }
        if (i + 1 >= args.length) {
            throw new UsageException("option '" + f.display() + "' needs a value (" + f.param() + ")");
        }
        out.add(new Given(f, args[i + 1]));
        return i + 1;
    }

    private int shortCluster(String[] args, int i, List<Given> out) throws UsageException {
        String a = args[i];
        for (int j = 1; j < a.length(); j++) {
            CliFlag f = shorts.get(a.charAt(j));
            if (f == null) {
                throw new UsageException("unknown option '-" + a.charAt(j) + "'" + (a.length() > 2 ? " in '" + a + "'"
                        : ""));
            }
            if (!f.takesValue()) {
                out.add(new Given(f, null));
                continue;
            }
            if (j + 1 < a.length()) {
                out.add(new Given(f, a.substring(j + 1)));
                return i;
            }
            if (i + 1 >= args.length) {
                throw new UsageException("option '" + f.display() + "' needs a value (" + f.param() + ")");
            }
            out.add(new Given(f, args[i + 1]));
            return i + 1;
        }
        return i;
    }

    /**
     * The flag a long name (without dashes and value) means: an exact OpenSM name or alias, else the one flag whose
     * OpenSM long names it is a prefix of.
     *
     * @param name the name
     * @param typed the argument as typed, for the message
     * @return the flag, or {@code null} if none
     * @throws UsageException if the name is a prefix of several flags
     */
    private CliFlag longMatch(String name, String typed) throws UsageException {
        CliFlag exact = longs.get(name);
        if (exact == null) {
            exact = aliases.get(name);
        }
        if (exact != null || name.isEmpty()) {
            return exact;
        }
        Set<CliFlag> found = new LinkedHashSet<>();
        List<String> spellings = new ArrayList<>();
        for (Map.Entry<String, CliFlag> e : longs.entrySet()) {
            if (e.getKey().startsWith(name) && found.add(e.getValue())) {
                spellings.add("--" + e.getKey());
            }
        }
        if (found.size() > 1) {
            throw new UsageException("option '" + typed + "' is ambiguous: " + String.join(", ", spellings));
        }
        return found.isEmpty() ? null : found.iterator().next();
    }

    /** The name part of {@code name=value}. */
    private static String body(String s) {
        int eq = s.indexOf('=');
        return eq >= 0 ? s.substring(0, eq) : s;
    }
}
