package dev.jsm.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers' daemon mode ({@code usr/lib/jsm/background.sh}, sourced by {@code bin/opensm} and the installed
 * {@code /usr/sbin/opensm}): {@code -B} on the command line or {@code daemon TRUE} in the config file the daemon reads
 * starts the SM in the background, except under systemd; run by {@code sh}, the installed launcher over a fake JDK
 * whose {@code java} records its arguments in a file.
 */
class BackgroundModeTest {


    @TempDir
    Path dir;

    @Test
    void theLastDaemonLineOfTheFileTheDaemonReadsDecides() throws Exception {
        Path conf = conf("a.conf", "# daemon TRUE\nsweep_interval 10\ndaemon FALSE\n  daemon\t\"true\"  # why not\n");
        assertThat(wanted(conf, "-F", conf.toString())).isTrue();
        assertThat(wanted(conf, "--config=" + conf)).isTrue();
        assertThat(wanted(conf, "-config", conf.toString())).isTrue();
        assertThat(wanted(conf, "--conf", conf.toString(), "-s", "5")).isTrue();
        assertThat(wanted(conf, "-F" + conf)).isTrue();
        assertThat(wanted(conf)).as("the default config file").isTrue();
        Path off = conf("b.conf", "daemon TRUE\ndaemon FALSE\n");
        assertThat(wanted(conf, "-F", off.toString())).isFalse();
        assertThat(wanted(conf, "-F", off.toString(), "-F", conf.toString())).as("the last -F counts").isTrue();
        assertThat(wanted(off)).isFalse();
        assertThat(wanted(conf("c.conf", "daemon_mode TRUE\ndaemonTRUE\n#daemon TRUE\nx 1 # daemon TRUE\n"))).isFalse();
        assertThat(wanted(conf("d.conf", "daemon TRUE FALSE\n"))).as("a value the daemon rejects").isFalse();
        assertThat(wanted(conf("e.conf", "daemon 'TRUE'\n"))).isTrue();
        assertThat(wanted(dir.resolve("missing.conf"))).isFalse();
    }

    @Test
    void dashBWinsAndHelpVersionAndCreateConfigStayInTheForeground() throws Exception {
        Path off = conf("off.conf", "daemon FALSE\n");
        Path on = conf("on.conf", "daemon TRUE\n");
        assertThat(wanted(off, "-B")).isTrue();
        assertThat(wanted(off, "--daemon", "-F", off.toString())).isTrue();
        for (String flag : List.of("--help", "-h", "-?", "--version", "-V", "-c")) {
            assertThat(wanted(on, flag)).as(flag).isFalse();
            assertThat(wanted(on, "-B", flag)).as("-B " + flag).isFalse();
        }
    }

    @Test
    void theInstalledLauncherStartsTheSmInTheBackgroundForDaemonTrueButNotUnderSystemd() throws Exception {
        Path usr = Shell.installLauncher(dir.resolve("inst/usr"));
        Path jdk = dir.resolve("jdk");
        Path argv = dir.resolve("argv");
        Files.createDirectories(jdk.resolve("lib"));
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"17.0.15\"\n");
        Path java = jdk.resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\necho started >&2\nprintf '%s\\n' \"$@\" > '" + argv + ".tmp'\nmv '" + argv
                + ".tmp' '" + argv + "'\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path on = conf("on.conf", "daemon TRUE\n");
        Map<String, String> env = Map.of("JAVA_HOME", jdk.toString(), "JSM_JVM_DIR", "");

        String out = run(List.of(usr.resolve("sbin/opensm").toString(), "-F", on.toString(), "-o"), env);
        assertThat(out).as("the SM's output goes to /dev/null").isEmpty();
        for (int i = 0; i < 300 && !Files.exists(argv); i++) {
            Thread.sleep(20);
        }
        assertThat(Files.readAllLines(argv)).contains("dev.jsm.daemon.Main", "-F", on.toString(), "-o");
        Files.delete(argv);

        out = run(List.of(usr.resolve("sbin/opensm").toString(), "-F", on.toString(), "-o"),
                Map.of("JAVA_HOME", jdk.toString(), "JSM_JVM_DIR", "", "INVOCATION_ID", "0123abcd"));
        assertThat(out).as("under systemd the SM runs in the foreground").isEqualTo("started");
        assertThat(Files.readAllLines(argv)).contains("dev.jsm.daemon.Main", "-F", on.toString(), "-o");
    }

    private Path conf(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    /** Whether {@code jsm_background_wanted ARGS} succeeds with {@code defaultConfig} as the default config file. */
    private boolean wanted(Path defaultConfig, String... args) throws Exception {
        String script = ". '" + Shell.BACKGROUND_SH + "'; jsm_default_config='" + defaultConfig + "'; "
                + "if jsm_background_wanted \"$@\"; then echo yes; else echo no; fi";
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", script, "sh"));
        cmd.addAll(List.of(args));
        String out = run(cmd, Map.of());
        assertThat(out).isIn("yes", "no");
        return out.equals("yes");
    }

    /** Runs {@code cmd} without INVOCATION_ID unless {@code env} sets it; its output, trimmed; it must exit 0. */
    private String run(List<String> cmd, Map<String, String> env) throws Exception {
        return Shell.run(dir, cmd, env, "INVOCATION_ID", "JAVA_OPTS");
    }
}
