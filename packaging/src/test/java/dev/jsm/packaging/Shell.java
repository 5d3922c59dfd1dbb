package dev.jsm.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** What the launcher tests do with the shell: run a command that must succeed, install files of the package. */
final class Shell {

    /** The package's files, from the packaging module's directory. */
    static final Path JAVA_SH = Path.of("src/root/usr/lib/jsm/java.sh").toAbsolutePath();
    static final Path BACKGROUND_SH = Path.of("src/root/usr/lib/jsm/background.sh").toAbsolutePath();
    static final Path INSTALLED_LAUNCHER = Path.of("src/root/usr/sbin/opensm").toAbsolutePath();

    private Shell() {
    }

    /**
     * Installs the launcher and the scripts it sources under {@code usr} as the package does ({@code sbin/opensm},
     * {@code lib/jsm/}), with an empty {@code share/jsm/lib}; returns {@code usr}.
     */
    static Path installLauncher(Path usr) throws IOException {
        copy(INSTALLED_LAUNCHER, usr.resolve("sbin/opensm"), true);
        copy(JAVA_SH, usr.resolve("lib/jsm/java.sh"), false);
        copy(BACKGROUND_SH, usr.resolve("lib/jsm/background.sh"), false);
        Files.createDirectories(usr.resolve("share/jsm/lib"));
        return usr;
    }

    /**
     * Runs {@code cmd} in {@code dir} with the variables {@code unset} removed from the environment, then {@code env}
     * added; it must exit 0 within 60 s. Returns its output (standard error included), trimmed.
     */
    static String run(Path dir, List<String> cmd, Map<String, String> env, String... unset) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(dir.toFile());
        for (String name : unset) {
            pb.environment().remove(name);
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not end within 60 s");
        }
        assertThat(p.exitValue()).as(out).isZero();
        return out.strip();
    }

    /** Copies {@code from} to {@code to}, creating its directory, with mode 755 or 644. */
    static void copy(Path from, Path to, boolean executable) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
    }
}
