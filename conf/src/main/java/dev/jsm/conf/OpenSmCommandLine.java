package dev.jsm.conf;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * OpenSM 3.3.23's command line ({@link OpenSmFlags}), parsed as OpenSM does: the config file of the last
 * {@code -F} (else the default) is read first, then every other flag is applied in command-line order on top of it,
 * so {@code -D 0x07 -v} gives {@code 0x0f} and {@code -d2 -d0} applies both debug aids. Arguments are split with
 * OpenSM's {@code getopt_long_only} rules ({@link GetoptLongOnly}) against the flag table. {@code --help} and
 * {@code --version} print in OpenSM's layout (a dashed banner, then {@code --long, -s <PARAM>} lines with the
 * description indented below), so scripts and eyes used to OpenSM's output find the same shape; a flag whose option
 * jsm does not or only partly implements says so ({@link OptionStatusTable}).
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/conf.md#opensmcommandline.
 */
public final class OpenSmCommandLine {

    /** OpenSM's default config file. */
    public static final Path DEFAULT_CONFIG_FILE = Path.of("/etc/opensm/opensm.conf");

    /** OpenSM's banner line above the version and the help. */
    static final String BANNER = "-------------------------------------------------";
    private static final String INDENT = "          ";

    private final String programName;
    private final String version;
    private final Path defaultConfigFile;
    private final String helpFooter;

    /**
     * A command line parser.
     *
     * @param programName the program name used in help and messages
     * @param version the text {@code --version} prints
     * @param defaultConfigFile the config file read when there is no {@code -F} (it may be missing)
     */
    public OpenSmCommandLine(String programName, String version, Path defaultConfigFile) {
        this(programName, version, defaultConfigFile, "");
    }

    /**
     * A command line parser whose help ends with more text (the program's exit statuses).
     *
     * @param programName the program name used in help and messages
     * @param version the text {@code --version} prints under the banner
     * @param defaultConfigFile the config file read when there is no {@code -F} (it may be missing)
     * @param helpFooter text appended to {@code --help} (lines ending in a newline), or empty
     */
    public OpenSmCommandLine(String programName, String version, Path defaultConfigFile, String helpFooter) {
        this.programName = programName;
        this.version = version;
        this.defaultConfigFile = defaultConfigFile;
        this.helpFooter = helpFooter;
    }

    /**
     * Parses a command line and reads the config file it names.
     *
     * @param args the arguments
     * @return what to do: run with options and settings, or exit with a text
     */
    public CommandLineResult parse(String... args) {
        List<GetoptLongOnly.Given> given;
        try {
            given = new GetoptLongOnly(OpenSmFlags.ALL).split(args);
        } catch (GetoptLongOnly.UsageException e) {
            return usageError(e.getMessage());
        }
        Path configFile = defaultConfigFile;
        boolean explicitConfig = false;
        for (GetoptLongOnly.Given o : given) {
            switch (o.flag().canonical()) {
                case "--help" -> {
                    return new CommandLineResult.Exit(CommandLineResult.EXIT_OK, usage());
                }
                case "--version" -> {
                    return new CommandLineResult.Exit(CommandLineResult.EXIT_OK, BANNER + "\n" + version + "\n");
                }
                case "--config" -> {
                    try {
                        configFile = OpenSmFlags.path(o.value());
                    } catch (BadValueException e) {
                        return usageError("option '" + o.flag().display() + "': " + e.getMessage());
                    }
                    explicitConfig = true;
                }
                default -> { }
            }
        }
        ConfFile file;
        try {
            file = OpenSmConfReader.read(configFile);
        } catch (NoSuchFileException e) {
            if (explicitConfig) {
                return usageError(configFile + ": no such config file");
            }
            file = null;
        } catch (IOException e) {
            String why = e instanceof AccessDeniedException ? "permission denied" : e.getMessage();
            return usageError(configFile + ": cannot read: " + why);
        }
        if (file != null && file.hasErrors()) {
            StringBuilder text = new StringBuilder();
            file.errors().forEach(p -> text.append(programName).append(": ").append(p).append('\n'));
            return new CommandLineResult.Exit(CommandLineResult.EXIT_USAGE, text.toString());
        }
        return applyFlags(given, file, configFile);
    }

    /** Applies the flags in order on top of the config file (or the defaults when there is none). */
    private CommandLineResult applyFlags(List<GetoptLongOnly.Given> given, ConfFile file, Path configFile) {
        List<String> warnings = new ArrayList<>();
        if (file != null) {
            file.warnings().forEach(w -> warnings.add(w.toString()));
        }
        CliState state = new CliState((file == null ? SmOptions.defaults() : SmOptions.fromFile(file)).toBuilder());
        for (GetoptLongOnly.Given o : given) {
            try {
                o.flag().action().apply(state, o.value());
            } catch (BadValueException e) {
                return usageError("option '" + o.flag().display() + "': " + e.getMessage());
            }
        }
        warnings.addAll(state.warnings);
        warnings.addAll(MKeyRules.leaseAboveSweep(state.options));
        SmOptions options = state.options.build();
        Optional<String> lockout = MKeyRules.lockout(options);
        if (lockout.isPresent()) {
            return new CommandLineResult.Exit(CommandLineResult.EXIT_USAGE, programName + ": " + lockout.get() + "\n");
        }
        return new CommandLineResult.Run(options, state.launch(configFile, file != null), warnings);
    }

    /**
     * The help text, in OpenSM's layout: the version banner, then every flag as {@code --long, -s <PARAM>} with its
     * description indented below and a blank line after, then the config file options that are extensions
     * ({@link Option#extension()}: NVIDIA's OpenSM's and jsm's own, which have no flag) in the same layout with their
     * defaults, then the default config file and the footer.
     */
    public String usage() {
        StringBuilder out = new StringBuilder();
        out.append(BANNER).append('\n').append(version).append("\n\n");
        out.append("------- ").append(programName).append(" - Usage and options ----------------------\n");
        out.append("Usage:   ").append(programName).append(" [options]\n");
        out.append("InfiniBand subnet manager. Flags are OpenSM 3.3.23's; they override the config file.\n");
        out.append("Options:\n");
        for (CliFlag f : OpenSmFlags.ALL) {
            List<String> names = new ArrayList<>();
            f.names().stream().filter(n -> n.startsWith("--")).forEach(names::add);
            f.names().stream().filter(n -> !n.startsWith("--")).forEach(names::add);
            out.append(String.join(", ", names));
            if (f.takesValue()) {
                out.append(" <").append(f.param()).append('>');
            }
            out.append('\n').append(INDENT).append(f.help()).append('\n');
            if (f.option() != null) {
                appendStatus(out, f.option());
            }
            out.append('\n');
        }
        out.append("Config file options that are extensions (not in OpenSM 3.3.23; no flag, set them in the config "
                + "file):\n");
        for (Option<?> option : OptionTable.known()) {
            if (option.extension()) {
                out.append(option.name()).append(" ").append(option.defaultText()).append('\n')
                        .append(INDENT).append(option.description()).append('\n');
                appendStatus(out, option);
                out.append('\n');
            }
        }
        out.append("Default config file: ").append(defaultConfigFile).append('\n');
        out.append(helpFooter);
        return out.toString();
    }

    /** The line saying that jsm implements {@code option} only in part or not at all, if it does not wholly. */
    private static void appendStatus(StringBuilder out, Option<?> option) {
        OptionStatus status = OptionStatusTable.of(option);
        if (status.level() != OptionStatus.Level.IMPLEMENTED) {
            out.append(INDENT).append(status.level() == OptionStatus.Level.PARTIAL ? "Partly" : "Not")
                    .append(" implemented in jsm (").append(option.name()).append("): ").append(status.note())
                    .append('\n');
        }
    }

    private CommandLineResult usageError(String message) {
        return new CommandLineResult.Exit(CommandLineResult.EXIT_USAGE,
                programName + ": " + message + " (see --help)\n");
    }
}
