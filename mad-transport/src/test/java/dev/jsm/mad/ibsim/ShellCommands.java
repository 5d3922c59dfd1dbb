package dev.jsm.mad.ibsim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Child-process main for {@link IbsimHarness} that runs shell commands one after the other in the harness's
 * network namespace and with its {@code LD_PRELOAD}, so that native tools ({@code smpquery}) and jsm's launchers
 * ({@code bin/smp-query}) reach the same ibsim, and prints what each printed in sections {@link #parse} reads back.
 *
 * <p>Arguments: one shell command each (run by {@code /bin/sh -c}, at most 60 s each). Exit status 0 once all ran,
 * whatever their own statuses.
 *
 * <p>Confined to the main thread.
 */
public final class ShellCommands {

    private static final String MARK = "### ";

    /**
     * What one command printed.
     *
     * @param command the command line
     * @param exitCode its exit status (-1 if it was killed after 60 s)
     * @param stdout its standard output
     * @param stderr its standard error, without umad2sim's "sim_connect: attached" line
     */
    public record Result(String command, int exitCode, String stdout, String stderr) {
    }

    private ShellCommands() {
    }

    /** Runs every argument as a shell command. */
    public static void main(String[] args) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(Path.of(""), "cmd");
        for (String command : args) {
            Path out = dir.resolve("out");
            Path err = dir.resolve("err");
            Process p = new ProcessBuilder("/bin/sh", "-c", command).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null")
                            .toFile())).start();
            int rc = p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
            if (rc == -1) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
            }
            System.out.println(MARK + "CMD " + command);
            System.out.print(ensureNewline(Files.readString(out, StandardCharsets.UTF_8)));
            System.out.println(MARK + "ERR");
            System.out.print(ensureNewline(Files.readString(err, StandardCharsets.UTF_8)));
            System.out.println(MARK + "RC " + rc);
        }
    }

    /** The results in a child's standard output, in order. */
    public static List<Result> parse(String stdout) {
        List<Result> results = new ArrayList<>();
        String command = null;
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        StringBuilder current = out;
        for (String line : stdout.split("\n", -1)) {
            if (line.startsWith(MARK + "CMD ")) {
                command = line.substring(MARK.length() + 4);
                out.setLength(0);
                err.setLength(0);
                current = out;
            } else if (line.equals(MARK + "ERR")) {
                current = err;
            } else if (line.startsWith(MARK + "RC ") && command != null) {
                results.add(new Result(command, Integer.parseInt(line.substring(MARK.length() + 3)), out.toString(),
                        err.toString()));
                command = null;
            } else if (!line.contains("sim_connect: attached as client")) {
                current.append(line).append('\n');
            }
        }
        return results;
    }

    private static String ensureNewline(String s) {
        return s.isEmpty() || s.endsWith("\n") ? s : s + "\n";
    }
}
