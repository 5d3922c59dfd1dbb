package dev.jsm.mad.ibsim;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One running {@link IbsimHarness} child: ibsim plus the child JVM, in their scratch directory. {@link #await}
 * collects the result; {@link #close} kills whatever still runs (every descendant by PID, then the wrapper) and
 * removes the scratch directory.
 *
 * <p>Confined to the test thread that started it.
 */
public final class IbsimSession implements AutoCloseable {

    static final String STDOUT = "stdout.txt";
    static final String STDERR = "stderr.txt";
    static final String IBSIM_LOG = "ibsim.log";
    private static final String READY = "ibsim.ready";
    /** ibsim's console prompt, printed after every command. */
    private static final String PROMPT = "sim> ";

    private final Process process;
    private final Path dir;
    private final long deadline;
    private final OutputStream console;
    private IbsimResult result;

    IbsimSession(Process process, Path dir, Duration timeout, boolean console) throws IOException {
        this.process = process;
        this.dir = dir;
        this.deadline = System.nanoTime() + timeout.toNanos();
        if (console) {
            this.console = process.getOutputStream();
        } else {
            process.getOutputStream().close();
            this.console = null;
        }
    }

    /** The wrapper process (its descendants are ibsim, the console feeder and the child JVM). */
    public Process process() {
        return process;
    }

    /**
     * Sends one command line to ibsim's console, e.g. {@code Unlink "leaf-0"[5]}, and waits until ibsim has run it
     * (its next {@code sim> } prompt).
     *
     * @return what ibsim printed in answer (empty for most successful commands)
     * @throws IllegalStateException if the harness was built without {@code console(true)}
     * @throws IOException if ibsim does not answer within 10 s
     */
    public String console(String command) throws IOException {
        if (console == null) {
            throw new IllegalStateException("ibsim console not enabled (IbsimHarness.Builder.console(true))");
        }
        awaitIbsimReady();
        String before = ibsimLog();
        int prompts = count(before, PROMPT);
        console.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
        console.flush();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < end) {
            String now = ibsimLog();
            if (count(now, PROMPT) > prompts) {
                int from = before.lastIndexOf(PROMPT);
                String answer = now.substring(from < 0 ? 0 : from + PROMPT.length(), now.lastIndexOf(PROMPT));
                return answer.lines().filter(l -> !l.startsWith("ibwarn:")).collect(Collectors.joining("\n"));
            }
            LockSupport.parkNanos(5_000_000L);
        }
        throw new IOException("ibsim did not answer console command '" + command + "' within 10 s");
    }

    /**
     * Waits until ibsim has bound its sockets (the child JVM starts right after).
     *
     * @throws IOException if ibsim died or is not ready within 10 s
     */
    public void awaitIbsimReady() throws IOException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Files.exists(dir.resolve(READY))) {
            if (!process.isAlive() || System.nanoTime() > end) {
                throw new IOException("ibsim did not come up: " + read(STDERR).strip());
            }
            LockSupport.parkNanos(2_000_000L);
        }
    }

    /** The scratch directory: the child's working directory, also where ibsim's files live. */
    public Path directory() {
        return dir;
    }

    /** ibsim's output so far. */
    public String ibsimLog() {
        return read(IBSIM_LOG);
    }

    /** Waits for the child to exit (killing the tree at the harness timeout) and returns what it printed. */
    public IbsimResult await() {
        if (result != null) {
            return result;
        }
        boolean timedOut = false;
        try {
            long left = deadline - System.nanoTime();
            if (!process.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                timedOut = true;
                killTree();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            killTree();
            timedOut = true;
        }
        result = new IbsimResult(timedOut ? -1 : process.exitValue(), read(STDOUT), read(STDERR), read(IBSIM_LOG),
                timedOut);
        return result;
    }

    /** Kills what still runs and deletes the scratch directory. */
    @Override
    public void close() {
        if (process.isAlive()) {
            killTree();
        }
        if (console != null) {
            try {
                console.close();
            } catch (IOException e) {
                // the wrapper is gone; nothing is left to tell
            }
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }

    private void killTree() {
        List<ProcessHandle> tree = process.descendants().toList();
        tree.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            for (ProcessHandle p : tree) {
                p.onExit().get(10, TimeUnit.SECONDS);
            }
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("ibsim harness: a process survived SIGKILL for 10 s", e);
        }
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + what.length())) {
            n++;
        }
        return n;
    }

    private String read(String name) {
        Path p = dir.resolve(name);
        try {
            return Files.exists(p) ? Files.readString(p, StandardCharsets.ISO_8859_1) : "";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p, e);
        }
    }
}
