package dev.jsm.conf;

import java.util.List;

/**
 * The outcome of {@link OpenSmCommandLine#parse}: either the settings to run with, or a request to exit at once
 * with some text (help, version, or a usage or config error). The library never exits the JVM itself.
 *
 * <p>Immutable; safe to share.
 */
public sealed interface CommandLineResult permits CommandLineResult.Run, CommandLineResult.Exit {

    /** Exit code after {@code --help} or {@code --version}. */
    int EXIT_OK = 0;

    /** Exit code for a bad flag, a bad flag value or errors in the config file. */
    int EXIT_USAGE = 2;

    /**
     * Run the SM.
     *
     * <p>Immutable; safe to share.
     *
     * @param options the options (defaults, then the config file, then the flags in command-line order)
     * @param launch the settings that are not options
     * @param warnings config file warnings ({@code file:line: ...}) and ignored flags, to be logged
     */
    record Run(SmOptions options, LaunchSettings launch, List<String> warnings) implements CommandLineResult {

        /** Copies the warnings. */
        public Run {
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * Exit without running.
     *
     * <p>Immutable; safe to share.
     *
     * @param exitCode {@link #EXIT_OK} (print {@code text} to stdout) or {@link #EXIT_USAGE} (print it to stderr)
     * @param text what to print: the help, the version, or one line per error
     */
    record Exit(int exitCode, String text) implements CommandLineResult {

        /** Whether this exit reports an error. */
        public boolean isError() {
            return exitCode != EXIT_OK;
        }
    }
}
