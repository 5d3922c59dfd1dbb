package dev.jsm.daemon.offline;

import dev.jsm.daemon.dump.DumpFiles;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * ibutils' {@code ibdmchk} (Debian's {@code ibutils}), run in verification mode on the dump files of one directory:
 * {@code opensm-subnet.lst} ({@code -s}), {@code opensm.fdbs} ({@code -f}), {@code opensm.mcfdbs} ({@code -m}), the
 * LMC ({@code -l}), and when the routing has them the path-SL file ({@code -c opensm-path-sl.dump}) and the SL2VL
 * tables ({@code -d opensm-sl2vl.dump}, OpenSM's own format, which ibdmchk reads as it is). Its output is kept in
 * the directory ({@code jsm-ibdmchk.out}, {@code jsm-ibdmchk-a.out}: at most {@value #KEPT_OUTPUT_BYTES} bytes) and
 * read into an {@link IbdmchkVerdict}. docs/operations.md, "Judged by ibdmchk", says how it judges.
 *
 * <p>Immutable; each {@link #check} starts its own process and may run on any thread.
 */
public final class Ibdmchk {

    /**
     * Environment variable naming the program: unset, route-only looks for {@code ibdmchk} on {@code PATH}; empty or
     * {@code none}, it runs none; a path, that program, whatever the fabric's size.
     */
    public static final String ENV = "JSM_IBDMCHK";
    /** The output file of the CA-to-CA run. */
    public static final String OUTPUT = "jsm-ibdmchk.out";
    /** The output file of the every-pair ({@code -a}) run. */
    public static final String OUTPUT_ALL_PAIRS = "jsm-ibdmchk-a.out";
    /** How much of each run's output is kept in its file; the verdict reads all of it. */
    static final long KEPT_OUTPUT_BYTES = 1 << 20;

    private final Path program;
    private final boolean named;
    private final Duration timeout;

    /**
     * @param program the {@code ibdmchk} executable
     * @param named whether the user named it ({@link #ENV}): then it runs on a fabric of any size
     * @param timeout how long one run may take before it is stopped
     */
    public Ibdmchk(Path program, boolean named, Duration timeout) {
        this.program = program;
        this.named = named;
        this.timeout = timeout;
    }

    /**
     * The program {@link #ENV} names in {@code env}, else {@code ibdmchk} on {@code env}'s {@code PATH}; empty when
     * {@link #ENV} is empty or {@code none}, or nothing executable is found.
     */
    public static Optional<Ibdmchk> locate(Map<String, String> env, Duration timeout) {
        String named = env.get(ENV);
        if (named != null) {
            named = named.trim();
            if (named.isEmpty() || named.equals("none")) {
                return Optional.empty();
            }
            return Optional.of(new Ibdmchk(Path.of(named), true, timeout));
        }
        for (String dir : env.getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, "ibdmchk");
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(new Ibdmchk(p, false, timeout));
            }
        }
        return Optional.empty();
    }

    /** The executable. */
    public Path program() {
        return program;
    }

    /** Whether the user named the program, so that it runs whatever the fabric's size. */
    public boolean named() {
        return named;
    }

    /**
     * Runs ibdmchk on the dump files in {@code dir} and reads its verdict.
     *
     * @param lmc the LMC the LIDs were assigned with ({@code -l})
     * @param pathSl whether to give it {@code opensm-path-sl.dump} ({@code -c})
     * @param sl2Vl whether to give it {@code opensm-sl2vl.dump} ({@code -d})
     * @param allPairs whether to run with {@code -a} (every pair, switch port 0 included; else CA to CA)
     * @throws IOException if it cannot be started or its output cannot be read or kept
     */
    public IbdmchkVerdict check(Path dir, int lmc, boolean pathSl, boolean sl2Vl, boolean allPairs)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(program.toString(), "-s", DumpFiles.SUBNET_LIST, "-f",
                DumpFiles.FDBS, "-m", DumpFiles.MCFDBS));
        if (lmc > 0) {
            command.addAll(List.of("-l", Integer.toString(lmc)));
        }
        if (pathSl) {
            command.addAll(List.of("-c", DumpFiles.PATH_SL));
        }
        if (sl2Vl) {
            command.addAll(List.of("-d", DumpFiles.SL2VL));
        }
        if (allPairs) {
            command.add("-a");
        }
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        AtomicBoolean stopped = new AtomicBoolean();
        Thread watchdog = new Thread(() -> stopWhenLate(p, stopped), "ibdmchk-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        IbdmchkOutput output = new IbdmchkOutput(allPairs, command);
        Path kept = dir.resolve(allPairs ? OUTPUT_ALL_PAIRS : OUTPUT);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.ISO_8859_1)); BufferedWriter out = Files.newBufferedWriter(kept,
                StandardCharsets.ISO_8859_1)) {
            out.write(String.join(" ", command));
            out.newLine();
            long written = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                output.accept(line);
                if (written < KEPT_OUTPUT_BYTES) {
                    out.write(line);
                    out.newLine();
                    written += line.length() + 1;
                }
            }
            int status = p.waitFor();
            return output.verdict(stopped.get() ? -1 : status);
        } finally {
            watchdog.interrupt();
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }

    /** Stops {@code p} once it has taken longer than the timeout (or when interrupted before it ended). */
    private void stopWhenLate(Process p, AtomicBoolean stopped) {
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stopped.set(true);
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
