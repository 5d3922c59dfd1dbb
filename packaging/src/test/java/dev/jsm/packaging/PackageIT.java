package dev.jsm.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.conf.ConfFile;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packages the build made, as an installer sees them: the .deb's control data and entries ({@code dpkg-deb};
 * the alerting rules and the Grafana dashboard among them), the generated {@code opensm.conf}, the units
 * ({@code systemd-analyze verify}) and the tarball's launcher running the daemon on the in-JVM simulator. Needs no
 * root; the steps that need a Debian tool skip without it.
 */
class PackageIT {

    private static final Path STAGING = Path.of(System.getProperty("jsm.staging", "target/root"));
    private static final Path DEB = Path.of(System.getProperty("jsm.deb", "target/jsm.deb"));
    private static final Path TARBALL = Path.of(System.getProperty("jsm.tarball", "target/jsm.tar.gz"));
    private static final List<String> CONFFILES = List.of("/etc/default/opensm", "/etc/logrotate.d/opensm",
            "/etc/opensm/opensm.conf", "/etc/opensm/partitions.conf", "/etc/opensm/qos-policy.conf",
            "/etc/opensm/torus-2QoS.conf");

    @TempDir
    Path dir;

    @Test
    void theDebDeclaresItsDependenciesAndReplacesDebiansOpensm() throws Exception {
        assumeTool("dpkg-deb");
        assumeBuilt(DEB, "jdeb.skip");
        String control = run("dpkg-deb", "-f", DEB.toString()).out;
        assertThat(control).contains("Package: jsm\n", "Architecture: all\n",
                "Depends: default-jre-headless (>= 2:1.17) | java17-runtime-headless, libibumad3, libsystemd0\n",
                "Conflicts: opensm\n", "Replaces: opensm\n", "Provides: opensm\n");
        assertThat(run("dpkg-deb", "--ctrl-tarfile", DEB.toString()).rc).isZero();
        Path ctrl = dir.resolve("control");
        assertThat(run("dpkg-deb", "-e", DEB.toString(), ctrl.toString()).rc).isZero();
        assertThat(Files.readAllLines(ctrl.resolve("conffiles"))).containsExactlyInAnyOrderElementsOf(CONFFILES);
        for (String script : List.of("postinst", "prerm", "postrm")) {
            assertThat(Files.isExecutable(ctrl.resolve(script))).as(script).isTrue();
            assertThat(run("sh", "-n", ctrl.resolve(script).toString()).rc).as(script).isZero();
        }
        // the JVM start-up cache of the installed jars, made by the launcher's own rules
        assertThat(Files.readString(ctrl.resolve("postinst"))).contains(". /usr/lib/jsm/java.sh",
                "jsm_make_jvm_cache /var/lib/jsm/opensm");
    }

    @Test
    void everyEntryIsRootOwnedAndOnlyTheLauncherIsExecutable() throws Exception {
        assumeTool("dpkg-deb");
        assumeBuilt(DEB, "jdeb.skip");
        List<String> files = new ArrayList<>();
        for (String line : run("dpkg-deb", "-c", DEB.toString()).out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            assertThat(f[1]).as(line).isEqualTo("root/root");
            String path = f[5].substring(1);
            if (f[0].startsWith("-")) {
                files.add(path);
                assertThat(f[0]).as(path).isEqualTo(path.equals("/usr/sbin/opensm") ? "-rwxr-xr-x" : "-rw-r--r--");
            }
        }
        assertThat(files).containsAll(CONFFILES).contains("/usr/sbin/opensm", "/lib/systemd/system/opensm.service",
                "/lib/systemd/system/opensm@.service", "/usr/share/doc/jsm/operations.md", "/usr/lib/jsm/java.sh",
                "/usr/share/jsm/prometheus/jsm-alerts.yml", "/usr/share/jsm/grafana/jsm-dashboard.json");
        assertThat(files).anyMatch(f -> f.matches("/usr/share/jsm/lib/daemon-.*\\.jar"))
                .anyMatch(f -> f.matches("/usr/share/jsm/lib/jna-.*\\.jar"));
        assertThat(run("dpkg-deb", "-c", DEB.toString()).out).contains(" ./var/cache/opensm/\n");
    }

    @Test
    void theShippedOpensmConfHasEveryOptionAtItsDefault() throws Exception {
        Path conf = STAGING.resolve("etc/opensm/opensm.conf");
        ConfFile file = OpenSmConfReader.read(conf);
        assertThat(file.errors()).isEmpty();
        assertThat(file.warnings()).isEmpty();
        SmOptions read = SmOptions.fromFile(file);
        assertThat(read).isEqualTo(SmOptions.defaults());
        assertThat(Files.readString(conf)).contains("\n# GUID of the local port", "\nrouting_engine ");
    }

    @Test
    void theUnitsVerifyClean() throws Exception {
        assumeTool("systemd-analyze");
        Path units = STAGING.resolve("lib/systemd/system");
        Files.copy(units.resolve("opensm.service"), dir.resolve("opensm.service"));
        Files.copy(units.resolve("opensm@.service"), dir.resolve("opensm@0x0002c903000e0b72.service"));
        for (String unit : List.of("opensm.service", "opensm@0x0002c903000e0b72.service")) {
            Result r = run("systemd-analyze", "verify", dir.resolve(unit).toString());
            List<String> complaints = new ArrayList<>();
            for (String line : r.out.split("\n")) {
                // the only thing a build machine may lack: the installed launcher the units start
                boolean noLauncher = line.contains("/usr/sbin/opensm is not executable")
                        && !Files.isExecutable(Path.of("/usr/sbin/opensm"));
                if (!line.isBlank() && !noLauncher) {
                    complaints.add(line);
                }
            }
            assertThat(complaints).as(unit).isEmpty();
        }
        String unit = Files.readString(units.resolve("opensm.service"));
        assertThat(unit).contains("\nType=notify\n", "\nExecReload=/bin/kill -HUP $MAINPID\n",
                "\nRestart=on-failure\n", "\nCacheDirectory=opensm\n", "\nAfter=rdma-hw.target\n");
    }

    @Test
    void theTarballsLauncherRunsTheDaemonInPlace() throws Exception {
        Path top = unpackTarball();
        Path launcher = top.resolve("usr/sbin/opensm");
        assertThat(Files.isExecutable(launcher)).isTrue();
        assertThat(top.resolve("usr/share/jsm/prometheus/jsm-alerts.yml")).isNotEmptyFile();
        assertThat(top.resolve("usr/share/jsm/grafana/jsm-dashboard.json")).isNotEmptyFile();
        Result version = run(launcher.toString(), "--version");
        assertThat(version.rc).isZero();
        assertThat(version.out).isNotBlank();
        Path log = dir.resolve("opensm.log");
        Result once = run(launcher.toString(), "-F", top.resolve("etc/opensm/opensm.conf").toString(),
                "--sim-topology", "fat2:k=4", "-f", log.toString(), "-o", "-s", "0");
        assertThat(once.rc).as(once.out).isZero();
        assertThat(Files.readString(log)).contains("SUBNET UP", "Exiting SM");
        assertThat(dir.resolve("guid2lid")).exists();
    }

    /**
     * {@code -B}: the launcher returns at once and the SM runs on in the background, detached from the launcher's
     * output (its pid in the {@code -J} file), until {@code -o} ends it after SUBNET UP.
     */
    @Test
    void theTarballsLauncherRunsTheDaemonInTheBackgroundWithDashB() throws Exception {
        Path top = unpackTarball();
        Path log = dir.resolve("opensm.log");
        Path pidFile = dir.resolve("opensm.pid");
        Result started = run(top.resolve("usr/sbin/opensm").toString(), "-B", "-J", pidFile.toString(),
                "--sim-topology", "fat2:k=4", "-f", log.toString(), "-o", "-s", "0");
        assertThat(started.rc).isZero();
        assertThat(started.out).as("the SM's output goes to /dev/null").isEmpty();
        for (int i = 0; i < 600 && !(Files.exists(log) && Files.readString(log).contains("Exiting SM")); i++) {
            Thread.sleep(100);
        }
        assertThat(Files.readString(log)).contains("SUBNET UP", "Exiting SM");
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        assertThat(pid).isNotEqualTo(ProcessHandle.current().pid());
    }

    /** Unpacks the tarball into the test's directory; returns its top directory. */
    private Path unpackTarball() throws Exception {
        assumeTool("tar");
        assumeBuilt(TARBALL, "assembly.skipAssembly");
        assertThat(run("tar", "-xzf", TARBALL.toString(), "-C", dir.toString()).rc).isZero();
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("jsm-")).findFirst().orElseThrow();
        }
    }

    private static void assumeBuilt(Path file, String skipProperty) {
        if (!Files.exists(file)) {
            System.err.println("[packaging] SKIPPED: " + file.getFileName() + " not built (-D" + skipProperty + ")");
        }
        assumeTrue(Files.exists(file), file + " not built");
    }

    private static void assumeTool(String tool) {
        boolean found = false;
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            found |= Files.isExecutable(Path.of(d, tool));
        }
        if (!found) {
            System.err.println("[packaging] SKIPPED: " + tool + " not installed");
        }
        assumeTrue(found, tool + " not installed");
    }

    private record Result(int rc, String out) {
    }

    private Result run(String... cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(dir.toFile());
        pb.environment().put("OSM_CACHE_DIR", dir.toString());
        pb.environment().put("OSM_TMP_DIR", dir.toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("INVOCATION_ID");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + " did not end within 60 s");
        }
        return new Result(p.exitValue(), out);
    }
}
