package dev.jsm.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers' choice of JVM and start-up cache ({@code usr/lib/jsm/java.sh}, sourced by {@code bin/opensm}, the
 * installed {@code /usr/sbin/opensm} and the .deb's postinst), run by {@code sh} over fake JDKs: directories with
 * a {@code release} file and a {@code bin/java} script that prints the arguments it was started with.
 */
class JavaChoiceTest {

    private static final Path TREE_LAUNCHER = Path.of("../bin/opensm").toAbsolutePath().normalize();

    @TempDir
    Path dir;
    private Path jvms;

    @BeforeEach
    void fakeJdks() throws IOException {
        jvms = dir.resolve("jvm");
        fakeJdk(jvms.resolve("java-17-openjdk-amd64"), "17.0.15");
        fakeJdk(jvms.resolve("java-21-openjdk-amd64"), "21.0.7");
        fakeJdk(jvms.resolve("a-temurin-25-jdk-amd64"), "25.0.3");
        fakeJdk(jvms.resolve("b-temurin-25-jdk-amd64"), "25.0.1");
        Files.createDirectories(jvms.resolve("broken-jdk/bin"));     // neither release file nor java
        fakeJdk(jvms.resolve("no-release-jdk"), null);
    }

    @Test
    void theNewestJdk25OrLaterUnderTheJvmDirectoryWinsOverAnOlderJavaHome() throws Exception {
        assertThat(choose(Map.of("JAVA_HOME", jdk("java-17-openjdk-amd64"), "JSM_JVM_DIR", jvms.toString())))
                .isEqualTo(jdk("a-temurin-25-jdk-amd64") + "/bin/java 25");
        fakeJdk(jvms.resolve("c-jdk-26"), "26");
        assertThat(choose(Map.of("JSM_JVM_DIR", jvms.toString()))).isEqualTo(jdk("c-jdk-26") + "/bin/java 26");
    }

    @Test
    void aJavaHomeOf25OrLaterIsTakenAsItIs() throws Exception {
        assertThat(choose(Map.of("JAVA_HOME", jdk("b-temurin-25-jdk-amd64"), "JSM_JVM_DIR", jvms.toString())))
                .isEqualTo(jdk("b-temurin-25-jdk-amd64") + "/bin/java 25");
    }

    @Test
    void withoutAJdk25TheChoiceIsJavaHomeThenJavaOnPath() throws Exception {
        Path old = dir.resolve("old");
        fakeJdk(old.resolve("java-17"), "17.0.15");
        fakeJdk(old.resolve("java-21"), "21.0.7");
        assertThat(choose(Map.of("JAVA_HOME", old.resolve("java-21").toString(), "JSM_JVM_DIR", old.toString())))
                .isEqualTo(old.resolve("java-21") + "/bin/java 21");
        Path path = Files.createDirectories(dir.resolve("path"));
        Files.createSymbolicLink(path.resolve("java"), old.resolve("java-17/bin/java"));
        assertThat(choose(Map.of("JSM_JVM_DIR", old.toString(), "PATH", path + ":/usr/bin:/bin")))
                .isEqualTo(old.resolve("java-17").toRealPath() + "/bin/java 17");
        // an empty JSM_JVM_DIR looks nowhere: the JDK 25s beside JAVA_HOME are not taken
        assertThat(choose(Map.of("JAVA_HOME", jdk("java-17-openjdk-amd64"), "JSM_JVM_DIR", "")))
                .isEqualTo(jdk("java-17-openjdk-amd64") + "/bin/java 17");
    }

    @Test
    void aJdk25TakesTheAotCacheAnOlderOneTheClassDataSharingArchiveWhileNewerThanJarsAndJdk() throws Exception {
        Path base = dir.resolve("cache/opensm");
        Path jars = Files.createDirectories(dir.resolve("lib"));
        Files.createDirectories(base.getParent());
        String jdk25 = jdk("a-temurin-25-jdk-amd64");
        String script = ". '" + Shell.JAVA_SH + "'; JAVA_HOME=$1; jsm_select_java; jsm_jvm_cache_options '" + base
                + "' '" + jars + "'; echo \"$jsm_jvm_options|$jsm_cache_options\"";
        assertThat(sh(script, Map.of("JSM_JVM_DIR", ""), jdk25)).isEqualTo("--enable-native-access=ALL-UNNAMED|");
        Path aot = Files.writeString(Path.of(base + ".aot"), "cache");
        setAge(jars, 60);
        setAge(Path.of(jdk25, "lib/modules"), 60);
        setAge(aot, 10);
        assertThat(sh(script, Map.of("JSM_JVM_DIR", ""), jdk25)).isEqualTo(
                "--enable-native-access=ALL-UNNAMED|-XX:AOTCache=" + base + ".aot -Xlog:aot*=error");
        setAge(jars, 5);                                        // jars newer than the cache: left out
        assertThat(sh(script, Map.of("JSM_JVM_DIR", ""), jdk25)).isEqualTo("--enable-native-access=ALL-UNNAMED|");
        setAge(jars, 60);
        setAge(Path.of(jdk25, "lib/modules"), 5);               // the JDK upgraded since: left out
        assertThat(sh(script, Map.of("JSM_JVM_DIR", ""), jdk25)).isEqualTo("--enable-native-access=ALL-UNNAMED|");

        String jdk17 = jdk("java-17-openjdk-amd64");
        Path jsa = Files.writeString(Path.of(base + ".jsa"), "archive");
        setAge(Path.of(jdk17, "lib/modules"), 60);
        setAge(jsa, 10);
        assertThat(sh(script, Map.of("JSM_JVM_DIR", ""), jdk17)).isEqualTo(
                "|-XX:SharedArchiveFile=" + base + ".jsa -Xlog:cds=off -Xlog:cds+dynamic=off");
    }

    @Test
    void theHeapIsSizedFromTheLastFabric() throws Exception {
        Path cache = Files.createDirectories(dir.resolve("osm-cache"));
        String script = ". '" + Shell.JAVA_SH + "'; jsm_select_java; echo \"$jsm_default_java_opts\"";
        Map<String, String> env = Map.of("JSM_JVM_DIR", jvms.toString(), "OSM_CACHE_DIR", cache.toString());
        // no guid2lid yet: a young generation of 16 MiB, the maximum left to the JVM
        assertThat(sh(script, env)).isEqualTo(
                "-XX:+UseSerialGC -Xms32768k -Xmn16384k -XX:MinHeapFreeRatio=20 -XX:MaxHeapFreeRatio=40");
        // a guid2lid of a few ports: at least 8 MiB
        Files.writeString(cache.resolve("guid2lid"), guid2lid(703));
        assertThat(sh(script, env)).startsWith("-XX:+UseSerialGC -Xms24576k -Xmn8192k ");
        Files.writeString(cache.resolve("guid2lid"), guid2lid(13284));
        // 13284 ports (the 11664-host fat tree): 64 MiB + 8 KiB and 5/8 of 13284 bytes per port, young 1.5 KiB a port
        assertThat(sh(script, env)).isEqualTo("-XX:+UseSerialGC -Xms36310k -Xmn19926k -XX:MinHeapFreeRatio=20"
                + " -XX:MaxHeapFreeRatio=40 -Xmx" + (65536 + 8 * 13284 + 13284 * 13284 * 5 / 8192) + "k");
        // the in-JVM simulator shares the heap: the maximum follows the simulated fabric, not guid2lid: 64 MiB, 2 KiB
        // per physical port and 4 bytes per switch per LID (fat3:k=36: 1620 switches of 37 ports, 11664 hosts)
        String simulated = ". '" + Shell.JAVA_SH + "'; jsm_select_java -o --sim-topology fat3:k=36; "
                + "echo \"$jsm_default_java_opts\"";
        assertThat(sh(simulated, env)).isEqualTo("-XX:+UseSerialGC -Xms36310k -Xmn19926k -XX:MinHeapFreeRatio=20"
                + " -XX:MaxHeapFreeRatio=40 -Xmx" + (65536 + 2 * 71604 + 4 * 1620 * 13284 / 1024) + "k");
        // the daemon's own record of the heap the fabric needs (HeapSize) wins over the guess from guid2lid
        Files.writeString(cache.resolve("jsm-heap-size"), "# jsm\nmax_heap_kib 257011\nports 71604 switches 1620\n");
        assertThat(sh(script, env)).isEqualTo("-XX:+UseSerialGC -Xms36310k -Xmn19926k -XX:MinHeapFreeRatio=20"
                + " -XX:MaxHeapFreeRatio=40 -Xmx257011k");
        // a record without a number is no record
        Files.writeString(cache.resolve("jsm-heap-size"), "max_heap_kib 25x\n");
        assertThat(sh(script, env)).endsWith(" -Xmx" + (65536 + 8 * 13284 + 13284 * 13284 * 5 / 8192) + "k");
        // the last run ran out of heap (the fabric outgrew guid2lid): the maximum left to the JVM until the marker goes
        Files.writeString(cache.resolve("jsm-heap-size"), "max_heap_kib 257011\n");
        Files.writeString(cache.resolve("jsm-heap-exhausted"), "max_heap_kib 65536\n");
        assertThat(sh(script, env)).isEqualTo("-XX:+UseSerialGC -Xms36310k -Xmn19926k -XX:MinHeapFreeRatio=20"
                + " -XX:MaxHeapFreeRatio=40");
        assertThat(sh(simulated, env)).endsWith(" -XX:MaxHeapFreeRatio=40");
    }

    @Test
    void aSimulatedFabricIsSizedFromItsShapeOrFile() throws Exception {
        Path net = Files.writeString(dir.resolve("two.net"), "Switch 8 \"leaf\"\n[1] \"host\"[1]\n\n"
                + "Hca 1 \"host\"\n[1] \"leaf\"[1]\nCa 2 \"dual\"\n");
        String script = ". '" + Shell.JAVA_SH + "'; for t in \"$@\"; do jsm_sim_size \"$t\"; "
                + "echo \"$jsm_sim_ports $jsm_sim_switches $jsm_sim_lids\"; done";
        assertThat(sh(script, Map.of(), "fat3:k=64,pods=44", "fat3:k=4,hosts=1,lftcap=64", "fat2:k=36",
                "fat2:k=36,spines=9,links=2", net.toString()).lines()).containsExactly(
                // 3840 64-port switches (and port 0 each), 45056 hosts: the daemon's own count at that size
                "294656 3840 48896",
                // 4 pods of 2 leaves and 2 mids, 2 groups of 2 cores; 1 host a leaf
                "108 20 28",
                // 36 leaves, 18 spines, 648 hosts
                "2646 54 702",
                // 18 leaves (36 ports / 2 links), 9 spines
                "1323 27 351",
                // a switch of 8 ports and port 0, a CA of 1 and one of 2
                "12 1 4");
        // not known here: another kind, keys that add nodes or LIDs, values that are not numbers
        assertThat(sh(script, Map.of(), "torus:dims=4x4", "fat3:k=36,vports=2", "fat2:k=8,routers=2", "fat3:k=x",
                "fat3", "fat2:k=8,hosts=8", "fat2:k=8,links=0", dir.resolve("missing.net").toString()).lines())
                .containsOnly("0 0 0").hasSize(8);
        // either spelling of the option; an unknown size leaves the maximum to the JVM
        String opts = ". '" + Shell.JAVA_SH + "'; jsm_select_java \"$@\"; echo \"$jsm_default_java_opts\"";
        Map<String, String> env = Map.of("JSM_JVM_DIR", jvms.toString(), "OSM_CACHE_DIR",
                dir.resolve("no-cache").toString());
        assertThat(sh(opts, env, "--sim-topology=fat2:k=36")).as("at least 256 MiB, above "
                + (65536 + 2 * 2646 + 4 * 54 * 702 / 1024) + "k").endsWith(" -Xmx262144k");
        assertThat(sh(opts, env, "-o", "--sim-topology", "torus:dims=4x4")).doesNotContain("-Xmx");
    }

    @Test
    void theInstalledLauncherExecsTheChosenJdkWithTheDaemonsClassPath() throws Exception {
        Path usr = Shell.installLauncher(dir.resolve("inst/usr"));
        Path cache = Files.createDirectories(dir.resolve("osm-cache"));
        List<String> argv = launch(usr.resolve("sbin/opensm"), Map.of("JAVA_HOME", jdk("java-17-openjdk-amd64"),
                "JSM_JVM_DIR", jvms.toString(), "OSM_CACHE_DIR", cache.toString()));
        assertThat(argv.get(0)).isEqualTo(jdk("a-temurin-25-jdk-amd64") + "/bin/java");
        assertThat(argv).contains("-XX:+UseSerialGC", "--enable-native-access=ALL-UNNAMED", "-cp",
                usr.resolve("share/jsm/lib").toRealPath() + "/*", "dev.jsm.daemon.Main", "--version");
        // a first start (no guid2lid): C1 only, as for a small fabric (the fabric's size is not known yet)
        assertThat(argv).contains("-XX:TieredStopAtLevel=1");
        // not the packaged jars (an unpacked tarball): no cache, whatever /var/lib/jsm holds
        assertThat(argv).noneMatch(a -> a.startsWith("-XX:AOTCache") || a.startsWith("-XX:SharedArchiveFile"));

        // the last fabric was small (703 ports, fat2-648): C1 only, C2 would not pay back; 8192 ports or more: both
        Files.writeString(cache.resolve("guid2lid"), guid2lid(703));
        argv = launch(usr.resolve("sbin/opensm"), Map.of("JAVA_HOME", jdk("java-17-openjdk-amd64"),
                "JSM_JVM_DIR", jvms.toString(), "OSM_CACHE_DIR", cache.toString()));
        assertThat(argv.get(0)).isEqualTo(jdk("a-temurin-25-jdk-amd64") + "/bin/java");
        assertThat(argv).contains("-XX:TieredStopAtLevel=1");
        Files.writeString(cache.resolve("guid2lid"), guid2lid(8192));
        argv = launch(usr.resolve("sbin/opensm"), Map.of("JAVA_HOME", jdk("java-17-openjdk-amd64"),
                "JSM_JVM_DIR", jvms.toString(), "OSM_CACHE_DIR", cache.toString()));
        assertThat(argv).doesNotContain("-XX:TieredStopAtLevel=1");      // C2 too, from the cache's profiles

        argv = launch(usr.resolve("sbin/opensm"), Map.of("JAVA_HOME", jdk("java-21-openjdk-amd64"), "JSM_JVM_DIR", ""));
        assertThat(argv.get(0)).isEqualTo(jdk("java-21-openjdk-amd64") + "/bin/java");
        assertThat(argv).doesNotContain("--enable-native-access=ALL-UNNAMED").contains("-XX:TieredStopAtLevel=1");
    }

    @Test
    void theTreesLauncherTakesTheBuildsAotCacheWithAJdk25AndItsArchiveWithout() throws Exception {
        Path top = dir.resolve("tree");
        Shell.copy(TREE_LAUNCHER, top.resolve("bin/opensm"), true);
        Shell.copy(Shell.JAVA_SH, top.resolve("packaging/src/root/usr/lib/jsm/java.sh"), false);
        Shell.copy(Shell.BACKGROUND_SH, top.resolve("packaging/src/root/usr/lib/jsm/background.sh"), false);
        Path target = Files.createDirectories(top.resolve("daemon/target/lib"));
        Path jar = Files.writeString(target.resolveSibling("daemon-1.0.jar"), "jar");
        Path aot = Files.writeString(target.resolveSibling("opensm.aot"), "cache");
        Path jsa = Files.writeString(target.resolveSibling("opensm.jsa"), "archive");
        setAge(jar, 60);
        setAge(Path.of(jdk("a-temurin-25-jdk-amd64"), "lib/modules"), 60);
        setAge(Path.of(jdk("java-17-openjdk-amd64"), "lib/modules"), 60);
        setAge(aot, 10);
        setAge(jsa, 10);
        String real = top.toRealPath().toString();

        List<String> argv = launch(top.resolve("bin/opensm"), Map.of("JSM_JVM_DIR", jvms.toString()));
        assertThat(argv.get(0)).isEqualTo(jdk("a-temurin-25-jdk-amd64") + "/bin/java");
        assertThat(argv).contains("-XX:AOTCache=" + real + "/daemon/target/opensm.aot",
                "--enable-native-access=ALL-UNNAMED", real + "/daemon/target/daemon-1.0.jar:" + real
                        + "/daemon/target/lib/*");

        argv = launch(top.resolve("bin/opensm"), Map.of("JAVA_HOME", jdk("java-17-openjdk-amd64"), "JSM_JVM_DIR", ""));
        assertThat(argv.get(0)).isEqualTo(jdk("java-17-openjdk-amd64") + "/bin/java");
        assertThat(argv).contains("-XX:SharedArchiveFile=" + real + "/daemon/target/opensm.jsa")
                .noneMatch(a -> a.startsWith("-XX:AOTCache"));
    }

    @Test
    void theDebsPostinstMakesTheCacheForTheLaunchersChoice() throws IOException {
        String postinst = Files.readString(Path.of("src/deb/control/postinst"));
        assertThat(postinst).contains(". /usr/lib/jsm/java.sh", "jsm_select_java",
                "jsm_make_jvm_cache /var/lib/jsm/opensm \"/usr/share/jsm/lib/*\"", "    make_jvm_cache\n");
    }

    /**
     * What the launchers rely on: a real JDK 25 or later handed a cache that is not one (here a file of text newer
     * than the jars, as a cache of another JDK build would be) says so and runs all the same.
     */
    @Test
    void aJdk25StartsDespiteACacheThatDoesNotMatch() throws Exception {
        String found = sh(". '" + Shell.JAVA_SH + "'; jsm_select_java; echo \"$jsm_java_feature $jsm_java\"", Map.of());
        assumeTrue(Integer.parseInt(found.substring(0, found.indexOf(' '))) >= 25, "no JDK 25 or later here");
        Path base = dir.resolve("stale");
        Path jars = Files.createDirectories(dir.resolve("lib"));
        setAge(jars, 60);
        Files.writeString(Path.of(base + ".aot"), "not an AOT cache");
        String out = sh(". '" + Shell.JAVA_SH + "'; jsm_select_java; jsm_jvm_cache_options '" + base + "' '" + jars
                + "'; \"$jsm_java\" $jsm_jvm_options $jsm_cache_options -version 2>&1; echo \"rc=$?\"", Map.of());
        assertThat(out).contains("[aot]", "version \"").endsWith("rc=0");
    }

    private String choose(Map<String, String> env) throws Exception {
        return sh(". '" + Shell.JAVA_SH + "'; jsm_select_java; echo \"$jsm_java $jsm_java_feature\"", env);
    }

    private String jdk(String name) {
        return jvms.resolve(name).toString();
    }

    private static void fakeJdk(Path home, String version) throws IOException {
        Files.createDirectories(home.resolve("lib"));
        Files.writeString(home.resolve("lib/modules"), "");
        if (version != null) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version
                    + "\"\nOS_NAME=\"Linux\"\n");
        }
        Path java = home.resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$0\" \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void setAge(Path file, int secondsAgo) throws IOException {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(secondsAgo)));
    }

    /** A guid2lid file of {@code ports} ports, as OpenSM writes it (a blank line after each). */
    private static String guid2lid(int ports) {
        StringBuilder g = new StringBuilder("# guid2lid\n");
        for (int i = 1; i <= ports; i++) {
            g.append(String.format("0x%016x 0x%04x 0x%04x%n%n", i, i, i));
        }
        return g.toString();
    }

    private List<String> launch(Path launcher, Map<String, String> env) throws Exception {
        return List.of(run(List.of(launcher.toString(), "--version"), env).split("\n"));
    }

    private String sh(String script, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", script, "sh"));
        cmd.addAll(List.of(args));
        return run(cmd, env);
    }

    /** Runs {@code cmd} with JAVA_HOME and JSM_JVM_DIR unset unless {@code env} sets them; its output, trimmed. */
    private String run(List<String> cmd, Map<String, String> env) throws Exception {
        return Shell.run(dir, cmd, env, "JAVA_HOME", "JSM_JVM_DIR", "JAVA_OPTS");
    }
}
