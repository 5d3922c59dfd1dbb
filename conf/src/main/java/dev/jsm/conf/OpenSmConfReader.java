package dev.jsm.conf;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads OpenSM's {@code opensm.conf} format: one {@code name value} per line; everything from the first {@code #} on
 * is a comment; blank lines are skipped; the value is the rest of the line with surrounding blanks and one pair of
 * matching quotes removed; {@code (null)} leaves a text option unset. Every problem is collected, not just the
 * first: unknown names and repeated lines are warnings, values the option's type does not accept are errors. No
 * problem is ever reported as an exception.
 *
 * <p>Behavioural counterpart: {@code osm_subn_parse_conf_file} in OpenSM's {@code osm_subnet.c}.
 *
 * <p>Stateless; safe to share.
 */
public final class OpenSmConfReader {

    private OpenSmConfReader() {
    }

    /**
     * Reads a file.
     *
     * @param file the file
     * @return what the file says, with its problems
     * @throws IOException if the file cannot be read (e.g. {@link java.nio.file.NoSuchFileException})
     */
    public static ConfFile read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(file.toString(), new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)));
        }
    }

    /**
     * Reads option text, e.g. from a test or a resource.
     *
     * @param source the name to use in messages
     * @param text the file's contents
     * @return what the text says, with its problems
     */
    public static ConfFile parse(String source, String text) {
        try {
            return read(source, new StringReader(text));
        } catch (IOException e) {
            throw new IllegalStateException("a StringReader cannot fail", e);
        }
    }

    /**
     * Reads option text from a reader (not closed).
     *
     * @param source the name to use in messages
     * @param reader the text
     * @return what the text says, with its problems
     * @throws IOException if the reader fails
     */
    public static ConfFile read(String source, Reader reader) throws IOException {
        Map<Option<?>, Object> values = new LinkedHashMap<>();
        Map<Option<?>, Integer> firstLine = new HashMap<>();
        Set<Option<?>> rejected = new HashSet<>();
        List<ConfProblem> warnings = new ArrayList<>();
        List<ConfProblem> errors = new ArrayList<>();
        BufferedReader lines = new BufferedReader(reader);
        int lineNo = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            lineNo++;
            int hash = line.indexOf('#');
            String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (content.isEmpty()) {
                continue;
            }
            int blank = firstBlank(content);
            String name = blank < 0 ? content : content.substring(0, blank);
            String text = blank < 0 ? "" : unquote(content.substring(blank).strip());
            Optional<Option<?>> found = OptionTable.find(name);
            if (found.isEmpty()) {
                Optional<String> current = OptionTable.currentName(name);
                if (current.isEmpty()) {
                    warnings.add(new ConfProblem(source, lineNo, "unknown option '" + name + "'"));
                    continue;
                }
                warnings.add(new ConfProblem(source, lineNo,
                        "option '" + name + "' is deprecated, use '" + current.get() + "'"));
                found = OptionTable.find(current.get());
            }
            Option<?> option = found.orElseThrow();
            Integer first = firstLine.putIfAbsent(option, lineNo);
            if (first != null && !option.type().multiValued()) {
                warnings.add(new ConfProblem(source, lineNo, "option '" + name + "' set again (first at line "
                        + first + "); this line counts"));
            }
            try {
                values.put(option, parseOnto(option, values, text));
            } catch (BadValueException e) {
                errors.add(new ConfProblem(source, lineNo, "option '" + name + "': " + e.getMessage()));
                rejected.add(option);
            }
        }
        return new ConfFile(source, values, rejected, warnings, errors);
    }

    private static <T> T parseOnto(Option<T> option, Map<Option<?>, Object> values, String text)
            throws BadValueException {
        T current = values.containsKey(option) ? option.cast(values.get(option)) : option.defaultValue();
        return option.type().parseOnto(current, text);
    }

    private static int firstBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == ' ' || s.charAt(i) == '\t') {
                return i;
            }
        }
        return -1;
    }

    /** Removes one pair of matching surrounding quotes, as OpenSM's {@code clean_val} does. */
    private static String unquote(String v) {
        if (v.length() >= 2) {
            char first = v.charAt(0);
            if ((first == '"' || first == '\'') && v.charAt(v.length() - 1) == first) {
                return v.substring(1, v.length() - 1);
            }
        }
        return v;
    }
}
