package dev.jsm.daemon;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one of the repository's {@code scripts/*-reference*.sh} (ibsim, Debian's OpenSM and jsm's {@code bin/opensm}
 * in a private network namespace) for an ibsim IT and returns its standard output; the test is skipped with one
 * line when ibsim, Debian's opensm or {@code unshare} is missing, or the tree is not packaged.
 *
 * <p>Confined to the test thread.
 */
final class ReferenceScript {

    /** The repository's top directory (tests run in {@code daemon/}). */
    static final Path TOP = Path.of("..").toAbsolutePath().normalize();

    private ReferenceScript() {
    }

    /** Skips the test unless everything the scripts need is here. */
    static void assumeReady() {
        IbsimHarness.assumeAvailable();
        boolean ready = Files.isExecutable(Path.of("/usr/sbin/opensm"))
                && Files.isExecutable(Path.of("/usr/bin/unshare"))
                && Files.isDirectory(TOP.resolve("daemon/target/lib"));
        if (!ready) {
            System.err.println("[ibsim] SKIPPED: needs Debian's opensm, unshare and a packaged tree (mvn package)");
        }
        assumeTrue(ready);
    }

    /** Runs {@code scripts/<script> args...} with {@code env} added; fails unless it exits 0 within 300 s. */
    static List<String> run(Map<String, String> env, String script, String... args) throws IOException,
            InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(TOP.resolve("scripts").resolve(script).toString());
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("reference-script", ".txt");
        Path err = Files.createTempFile("reference-script", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroy();
                p.waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError(script + " did not end within 300 s");
            }
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new AssertionError(script + " exited " + p.exitValue() + ":\n"
                        + Files.readString(err, StandardCharsets.UTF_8) + String.join("\n", lines));
            }
            return lines;
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
