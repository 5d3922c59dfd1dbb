package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** OpenSM-compatible command lines (ECOSYSTEM.md's command-line cases and OpenSM's getopt_long_only rules). */
class OpenSmCommandLineTest {

    @TempDir
    Path dir;
    private OpenSmCommandLine cli;

    @BeforeEach
    void setUp() {
        cli = new OpenSmCommandLine("jsm", "jsm 0.1.0", dir.resolve("absent.conf"));
    }

    private CommandLineResult.Run run(String... args) {
        CommandLineResult r = cli.parse(args);
        assertThat(r).as(r.toString()).isInstanceOf(CommandLineResult.Run.class);
        return (CommandLineResult.Run) r;
    }

    private SmOptions options(String... args) {
        return run(args).options();
    }

    private String error(String... args) {
        CommandLineResult r = cli.parse(args);
        assertThat(r).as(r.toString()).isInstanceOf(CommandLineResult.Exit.class);
        CommandLineResult.Exit e = (CommandLineResult.Exit) r;
        assertThat(e.exitCode()).isEqualTo(CommandLineResult.EXIT_USAGE);
        assertThat(e.isError()).isTrue();
        return e.text();
    }

    @Test
    void noArgumentsAndNoConfigFileGiveTheDefaults() {
        CommandLineResult.Run r = run();
        assertThat(r.options()).isEqualTo(SmOptions.defaults());
        assertThat(r.warnings()).isEmpty();
        assertThat(r.launch().configFile()).isEqualTo(dir.resolve("absent.conf"));
        assertThat(r.launch().configFileRead()).isFalse();
        assertThat(r.launch().createConfig()).isEmpty();
    }

    @Test
    void debugAidsAccumulate() {
        SmOptions o = options("-d2", "-d0");
        assertThat(o.get(DebugOptions.FORCE_LOG_FLUSH)).isTrue();
        assertThat(o.get(HandoverOptions.IGNORE_OTHER_SM)).isTrue();
        SmOptions all = options("-d", "1", "--debug=3", "-d5", "-d", "5");
        assertThat(all.get(TimingOptions.SINGLE_THREAD)).isTrue();
        assertThat(all.get(DebugOptions.DISABLE_MULTICAST)).isTrue();
        assertThat(run("-d5", "-d5").launch().vendorDebug()).isEqualTo(2);
        assertThat(run("-d", "10").warnings()).containsExactly("-d 10: unknown debug aid, ignored");
    }

    @Test
    void verbosityFlagsApplyInOrder() {
        assertThat(options("-vvv").logFlags()).isEqualTo(0x1f);
        assertThat(options("-v").logFlags()).isEqualTo(0x07);
        assertThat(options("-D", "0x07").logFlags()).isEqualTo(0x07);
        assertThat(options("-D", "0x07", "-v").logFlags()).isEqualTo(0x0f);
        assertThat(options("-v", "-D", "0x07").logFlags()).isEqualTo(0x07);
        assertThat(options("-D0").logFlags()).isZero();
        assertThat(options("-vvvvvvvvvv").logFlags()).isEqualTo(0xff);
        SmOptions big = options("-V");
        assertThat(big.logFlags()).isEqualTo(0xff);
        assertThat(big.get(DebugOptions.FORCE_LOG_FLUSH)).isTrue();
        assertThat(options("--verbose", "--verbose").logFlags()).isEqualTo(0x0f);
    }

    @Test
    void valuesAttachedSeparateOrWithEquals() {
        assertThat(options("--log_file=x").logFile()).isEqualTo("x");
        assertThat(options("--log_file", "x").logFile()).isEqualTo("x");
        assertThat(options("-fx").logFile()).isEqualTo("x");
        assertThat(options("-f", "-v.log").logFile()).isEqualTo("-v.log");
        assertThat(options("--log-file=y").logFile()).isEqualTo("y");
        assertThat(options("-q", "loopback").console()).isEqualTo("loopback");
        assertThat(options("--console=socket").console()).isEqualTo("socket");
        assertThat(options("-s", "0").sweepIntervalSeconds()).isZero();
        assertThat(options("-s30", "-t", "1000", "--retries", "7").transactionTimeoutMs()).isEqualTo(1000);
    }

    @Test
    void singleDashLongOptionsAndUniquePrefixes() throws IOException {
        assertThat(options("-maxsmps", "8").maxWireSmps()).isEqualTo(8);
        assertThat(options("--maxs=9").maxWireSmps()).isEqualTo(9);
        assertThat(options("--max_wire_smps", "3").maxWireSmps()).isEqualTo(3);
        assertThat(options("-n", "0").maxWireSmps()).isEqualTo(Integer.MAX_VALUE);
        assertThat(options("--sw", "5").sweepIntervalSeconds()).isEqualTo(5);
        assertThat(options("-sweep=6").sweepIntervalSeconds()).isEqualTo(6);
        Files.writeString(dir.resolve("lmc.conf"), "lmc 4\n");
        assertThat(options("-config", dir.resolve("lmc.conf").toString()).lmc()).isEqualTo(4);
        assertThat(options("--torus", "/t.conf").get(RoutingOptions.TORUS_CONFIG)).isEqualTo("/t.conf");
        assertThat(options("--lash_start_vl", "2", "--do_mesh_analysis").get(RoutingOptions.LASH_START_VL))
                .isEqualTo(2L);
    }

    @Test
    void flagsSetTheirOptions() {
        SmOptions o = options("-g", "0x0002c903000e0b71", "-R", "ftree,updn", "-Q", "-Y", "/q.conf", "-P", "/p.conf",
                "-s", "15", "-l", "2", "-r", "-e", "-V", "-a", "/roots", "-u", "/cn", "-G", "/io", "-H", "3",
                "-i", "/ignore", "-A", "-B", "-M", "/lm", "-U", "/lfts", "-x", "-z", "-p", "14", "-k", "abc",
                "--subnet_prefix", "fec0000000000000", "-Z", "in", "-y", "-L", "100", "-o", "-t", "300", "-S", "/sa",
                "--cc_key", "16", "--congestion-control", "--port_shifting", "--scatter-ports", "9", "-I");
        assertThat(o.guid()).isEqualTo(0x0002c903000e0b71L);
        assertThat(o.routingEngines()).containsExactly("ftree", "updn");
        assertThat(o.qos()).isTrue();
        assertThat(o.get(QosOptions.QOS_POLICY_FILE)).isEqualTo("/q.conf");
        assertThat(o.get(PartitionOptions.PARTITION_CONFIG_FILE)).isEqualTo("/p.conf");
        assertThat(o.sweepIntervalSeconds()).isEqualTo(15);
        assertThat(o.lmc()).isEqualTo(2);
        assertThat(o.get(SweepOptions.REASSIGN_LIDS)).isTrue();
        assertThat(o.get(DebugOptions.ACCUM_LOG_FILE)).isFalse();
        assertThat(o.get(RoutingOptions.ROOT_GUID_FILE)).isEqualTo("/roots");
        assertThat(o.get(RoutingOptions.CN_GUID_FILE)).isEqualTo("/cn");
        assertThat(o.get(RoutingOptions.IO_GUID_FILE)).isEqualTo("/io");
        assertThat(o.get(RoutingOptions.MAX_REVERSE_HOPS)).isEqualTo(3L);
        assertThat(o.get(RoutingOptions.PORT_PROF_IGNORE_FILE)).isEqualTo("/ignore");
        assertThat(o.get(RoutingOptions.USE_UCAST_CACHE)).isTrue();
        assertThat(o.get(MiscOptions.DAEMON)).isTrue();
        assertThat(o.get(RoutingOptions.LID_MATRIX_DUMP_FILE)).isEqualTo("/lm");
        assertThat(o.get(RoutingOptions.LFTS_FILE)).isEqualTo("/lfts");
        assertThat(o.get(HandoverOptions.HONOR_GUID2LID_FILE)).isTrue();
        assertThat(o.get(RoutingOptions.CONNECT_ROOTS)).isTrue();
        assertThat(o.smPriority()).isEqualTo(14);
        assertThat(o.smKey()).isEqualTo(0xabcL);
        assertThat(o.subnetPrefix()).isEqualTo(0xfec0000000000000L);
        assertThat(o.partEnforce()).isEqualTo("in");
        assertThat(o.exitOnFatal()).isFalse();
        assertThat(o.get(DebugOptions.LOG_MAX_SIZE)).isEqualTo(100L);
        assertThat(o.transactionTimeoutMs()).isEqualTo(300);
        assertThat(o.get(RoutingOptions.SA_DB_FILE)).isEqualTo("/sa");
        assertThat(o.get(CongestionOptions.CC_KEY)).isEqualTo(16L);
        assertThat(o.get(CongestionOptions.CONGESTION_CONTROL)).isTrue();
        assertThat(o.get(RoutingOptions.PORT_SHIFTING)).isTrue();
        assertThat(o.get(RoutingOptions.SCATTER_PORTS)).isEqualTo(9L);
        assertThat(o.get(MiscOptions.SM_INACTIVE)).isTrue();
    }

    @Test
    void launchSettings() {
        LaunchSettings l = run("-c", "/tmp/new.conf", "-o", "--pidfile", "/run/sm.pid", "-g", "0",
                "--sim-topology", "fattree:k=4", "--route-only").launch();
        assertThat(l.createConfig()).contains(Path.of("/tmp/new.conf"));
        assertThat(l.runOnce()).isTrue();
        assertThat(l.pidFile()).contains(Path.of("/run/sm.pid"));
        assertThat(l.guidPrompt()).isTrue();
        assertThat(l.simTopology()).contains("fattree:k=4");
        assertThat(l.routeOnly()).isTrue();
        assertThat(l.plan()).isEmpty();
        assertThat(run("--sim_topology=net.txt").launch().simTopology()).contains("net.txt");
        assertThat(run("--plan", "/etc/opensm/in-force.conf").launch().plan())
                .contains(Path.of("/etc/opensm/in-force.conf"));
    }

    @Test
    void configFileIsReadFirstAndFlagsOverrideIt() throws IOException {
        Path conf = dir.resolve("my.conf");
        Files.writeString(conf, "sweep_interval 20\nlmc 1\nlog_flags 0x01\nfoo 1\n");
        CommandLineResult.Run r = run("-s", "5", "-v", "-F", conf.toString());
        assertThat(r.options().sweepIntervalSeconds()).isEqualTo(5);
        assertThat(r.options().lmc()).isEqualTo(1);
        assertThat(r.options().logFlags()).isEqualTo(0x03);
        assertThat(r.launch().configFile()).isEqualTo(conf);
        assertThat(r.launch().configFileRead()).isTrue();
        assertThat(r.warnings()).containsExactly(conf + ":4: unknown option 'foo'");
        ReloadResult reload = r.options().reload(OpenSmConfReader.parse(conf.toString(), "sweep_interval 20\n"));
        assertThat(reload.options().sweepIntervalSeconds()).isEqualTo(5);
    }

    @Test
    void configFileErrorsAreReportedLineByLine() throws IOException {
        Path conf = dir.resolve("bad.conf");
        Files.writeString(conf, "lmc 8\nsweep_interval 5\nqos perhaps\n");
        assertThat(error("--config=" + conf)).isEqualTo(
                "jsm: " + conf + ":1: option 'lmc': expected an integer in 0..7, found '8'\n"
                        + "jsm: " + conf + ":3: option 'qos': expected TRUE or FALSE, found 'perhaps'\n");
        assertThat(error("-F", dir.resolve("nope.conf").toString()))
                .isEqualTo("jsm: " + dir.resolve("nope.conf") + ": no such config file (see --help)\n");
    }

    static Stream<Arguments> badCommandLines() {
        return Stream.of(
                Arguments.of(new String[] {"-T"}, "unknown option '-T'"),
                Arguments.of(new String[] {"-vT"}, "unknown option '-T' in '-vT'"),
                Arguments.of(new String[] {"--frobnicate"}, "unknown option '--frobnicate'"),
                Arguments.of(new String[] {"-l", "9"}, "option '-l/--lmc': expected an integer in 0..7, found '9'"),
                Arguments.of(new String[] {"-p", "16"},
                        "option '-p/--priority': expected an integer in 0..15, found '16'"),
                Arguments.of(new String[] {"-t", "0"},
                        "option '-t/--timeout': expected an integer in 1..2147483647, found '0'"),
                Arguments.of(new String[] {"-q", "telnet"},
                        "option '-q/--console': expected one of off, local, loopback, socket, found 'telnet'"),
                Arguments.of(new String[] {"-Z", "none"},
                        "option '-Z/--part_enforce': expected one of both, in, out, off, found 'none'"),
                Arguments.of(new String[] {"-D", "0x100"},
                        "option '-D/--D': expected an integer in 0..255, found '0x100'"),
                Arguments.of(new String[] {"-d", "x"},
                        "option '-d/--debug': expected a debug aid number (0, 1, 2, 3 or 5), found 'x'"),
                Arguments.of(new String[] {"-g", "xyz"}, "option '-g/--guid': expected a 64-bit hex number (up to "
                        + "16 hex digits, 0x optional), found 'xyz'"),
                Arguments.of(new String[] {"--lash_start_vl", "16"},
                        "option '--lash_start_vl': expected an integer in 0..15, found '16'"),
                Arguments.of(new String[] {"--po"},
                        "option '--po' is ambiguous: --port-shifting, --port_search_ordering_file"),
                Arguments.of(new String[] {"-pr", "3"},
                        "option '-pr' is ambiguous: --priority, --prefix_routes_file"),
                Arguments.of(new String[] {"-l"}, "option '-l/--lmc' needs a value (LMC)"),
                Arguments.of(new String[] {"--sweep"}, "option '-s/--sweep' needs a value (SECONDS)"),
                Arguments.of(new String[] {"--qos=1"}, "option '-Q/--qos' takes no value"),
                Arguments.of(new String[] {"-c", ""},
                        "option '-c/--create-config': expected a file name, found ''"),
                Arguments.of(new String[] {"--config="},
                        "option '-F/--config': expected a file name, found ''"),
                Arguments.of(new String[] {"--pidfile", "a\0b"},
                        "option '-J/--pidfile': expected a file name, found 'a\0b'"),
                Arguments.of(new String[] {"sweep"}, "unexpected argument 'sweep'"),
                Arguments.of(new String[] {"-Q", "--", "x"}, "unexpected argument 'x'"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badCommandLines")
    void badFlagsGiveOneLineAndExitCode2(String[] args, String message) {
        assertThat(error(args)).isEqualTo("jsm: " + message + " (see --help)\n");
    }

    @Test
    void helpAndVersion() {
        CommandLineResult.Exit help = (CommandLineResult.Exit) cli.parse("-v", "-h");
        assertThat(help.exitCode()).isZero();
        assertThat(help.text()).startsWith("-------------------------------------------------\njsm 0.1.0\n\n")
                .contains("\nUsage:   jsm [options]\n")
                .contains("\n--lmc, -l <LMC>\n          LID Mask Control, 0..7\n\n").contains("\n--sim-topology <")
                .contains("\n--config, -F <FILE>\n").contains("\n--help, -h, -?\n").doesNotContain("--log-file");
        assertThat(((CommandLineResult.Exit) cli.parse("-?")).text()).isEqualTo(help.text());
        CommandLineResult.Exit version = (CommandLineResult.Exit) cli.parse("--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.text()).isEqualTo("-------------------------------------------------\njsm 0.1.0\n");
    }

    @Test
    void helpMarksFlagsWhoseOptionJsmDoesNotFullyImplement() {
        String help = ((CommandLineResult.Exit) cli.parse("--help")).text();
        assertThat(help).contains("""

                --perfmgr
                          Run the performance manager

                """).contains("""

                --connect_roots, -z
                          Keep the root switches connected (updn, dnup, ftree)

                """).contains("""

                --cn_guid_file, -u <FILE>
                          Compute node GUIDs (ftree, sssp, dfsssp)

                """).contains("\n--lmc, -l <LMC>\n          LID Mask Control, 0..7\n\n");
    }

    /** Our extra spellings must not change what an OpenSM prefix means. */
    @Test
    void noAliasIsAPrefixOfAnotherFlagsOpenSmName() {
        for (CliFlag f : OpenSmFlags.ALL) {
            for (String alias : f.aliases()) {
                for (CliFlag other : OpenSmFlags.ALL) {
                    for (String n : other.names()) {
                        if (other != f && n.startsWith("--")) {
                            assertThat(n).as(alias).doesNotStartWith(alias);
                        }
                    }
                }
            }
        }
    }
}
