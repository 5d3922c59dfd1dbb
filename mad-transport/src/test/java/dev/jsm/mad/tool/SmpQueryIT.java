package dev.jsm.mad.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import dev.jsm.mad.ibsim.ShellCommands;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bin/smp-query} (the packaged jar and its launcher) against Debian's ibsim serving {@code fat2-16.net},
 * side by side with infiniband-diags' {@code smpquery} on the same ibsim: both run as processes under the harness's
 * {@code LD_PRELOAD}, and every field both print is compared. Also the exit statuses and one-line errors.
 */
@Tag("ibsim")
class SmpQueryIT {

    /** host-0-0, the SM's node: its port 1 GUID is its node GUID + 1. */
    private static final String LOCAL_PORT_GUID = "0x0002c90200000001";
    private static String tool;
    private static List<ShellCommands.Result> results;

    @BeforeAll
    static void runBothTools() throws Exception {
        IbsimHarness.assumeAvailable();
        tool = Path.of(System.getProperty("basedir", "."), "..", "bin", "smp-query").toAbsolutePath().normalize()
                .toString();
        String[] commands = {
            tool + " -D nodeinfo 0,1", "smpquery -D nodeinfo 0,1",
            tool + " -D nodeinfo 0", "smpquery -D nodeinfo 0",
            tool + " -D nodedesc 0,1,5", "smpquery -D nodedesc 0,1,5",
            tool + " -D switchinfo 0,1", "smpquery -D switchinfo 0,1",
            tool + " -D portinfo 0,1,5 3", "smpquery -D portinfo 0,1,5 3",
            tool + " -D --set LID=7 --set MasterSMLID=7 portinfo 0",
            tool + " -D portinfo 0", "smpquery -D portinfo 0",
            tool + " portinfo 7 1", "smpquery portinfo 7 1",
            tool + " nodeinfo 7", "smpquery nodeinfo 7",
            tool + " -g " + LOCAL_PORT_GUID + " -D nodeinfo 0",
            tool + " -D nodeinfo 0,1,9",
            tool + " -t 50 -r 1 nodeinfo 9",
            tool + " -C nosuchca nodeinfo 1",
            tool + " -g 0x1234 -D nodeinfo 0",
            tool + " bogus 1"};
        IbsimResult run = IbsimHarness.builder(fabric("fat2-16.net")).timeout(Duration.ofSeconds(240)).build()
                .run(ShellCommands.class, commands);
        assertThat(run.exitCode()).as(run::describe).isZero();
        results = ShellCommands.parse(run.stdout());
        assertThat(results).as(run::describe).hasSize(commands.length);
    }

    /** The LID queries run after smp-query has given the local port LID 7. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"-D nodeinfo 0,1", "-D nodeinfo 0", "-D nodedesc 0,1,5", "-D switchinfo 0,1",
            "-D portinfo 0,1,5 3", "-D portinfo 0", "portinfo 7 1", "nodeinfo 7"})
    void printsWhatSmpqueryPrints(String query) {
        ShellCommands.Result ours = result(tool + " " + query);
        ShellCommands.Result theirs = result("smpquery " + query);
        assertThat(ours.exitCode()).as("smp-query %s: %s", query, ours.stderr()).isZero();
        assertThat(theirs.exitCode()).as("smpquery %s: %s", query, theirs.stderr()).isZero();
        assertThat(ours.stdout()).startsWith("# ");
        SmpqueryComparison.Result c = SmpqueryComparison.compare(ours.stdout(), theirs.stdout());
        assertThat(c.mismatches()).as("smp-query:%n%s%nsmpquery:%n%s", ours.stdout(), theirs.stdout()).isEmpty();
        assertThat(c.compared()).as("fields compared").isGreaterThanOrEqualTo(query.contains("nodedesc") ? 1 : 10);
    }

    @Test
    void setWritesTheLidAndPrintsTheAnswer() {
        ShellCommands.Result set = result(tool + " -D --set LID=7 --set MasterSMLID=7 portinfo 0");
        assertThat(set.exitCode()).as(set.stderr()).isZero();
        assertThat(set.stdout()).startsWith("# PortInfo after Set: DR path 0\n").contains("\nLID=7 (0x0007)\n")
                .contains("\nMasterSMLID=7 (0x0007)\n");
    }

    @Test
    void localPortByGuid() {
        ShellCommands.Result r = result(tool + " -g " + LOCAL_PORT_GUID + " -D nodeinfo 0");
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("\nPortGUID=").contains(" (" + LOCAL_PORT_GUID + ")\n");
    }

    @Test
    void failuresAreOneLineWithTheirExitStatus() {
        expectFailure(tool + " -D nodeinfo 0,1,9", ExitCode.MAD_FAILED,
                "smp-query: Get NodeInfo to DR path 0,1,9: not delivered (status 110, ETIMEDOUT: no such route or port,"
                        + " or no answer in time)");
        expectFailure(tool + " -t 50 -r 1 nodeinfo 9", ExitCode.MAD_FAILED, "smp-query: Get NodeInfo to lid 9: ");
        expectFailure(tool + " -C nosuchca nodeinfo 1", ExitCode.PORT_NOT_FOUND,
                "smp-query: CA 'nosuchca' not found (available: ibsim0)");
        expectFailure(tool + " -g 0x1234 -D nodeinfo 0", ExitCode.PORT_NOT_FOUND,
                "smp-query: no local port has GUID 0x0000000000001234 (CAs: ibsim0)");
        expectFailure(tool + " bogus 1", ExitCode.USAGE, "smp-query: unknown attribute bogus");
    }

    @Test
    void portWithoutLinkExitsWithPortDown() throws Exception {
        IbsimResult run = IbsimHarness.builder(fabric("lonely.net")).simHost("lonely").build()
                .run(ShellCommands.class, tool + " -D nodeinfo 0");
        ShellCommands.Result r = ShellCommands.parse(run.stdout()).get(0);
        assertThat(r.exitCode()).as(run::describe).isEqualTo(ExitCode.PORT_DOWN.status());
        assertThat(r.stderr().lines().toList()).singleElement().asString()
                .startsWith("smp-query: port ibsim0/1 is DOWN (physical state Polling)");
    }

    private static void expectFailure(String command, ExitCode code, String messageStart) {
        ShellCommands.Result r = result(command);
        assertThat(r.exitCode()).as("%s: %s", command, r.stderr()).isEqualTo(code.status());
        assertThat(r.stdout()).isEmpty();
        assertThat(r.stderr().lines().toList()).as(command).singleElement().asString().startsWith(messageStart);
    }

    private static ShellCommands.Result result(String command) {
        return results.stream().filter(r -> r.command().equals(command)).findFirst()
                .orElseThrow(() -> new AssertionError("no result for " + command));
    }

    private static Path fabric(String name) throws Exception {
        Path p = Path.of(SmpQueryIT.class.getResource("/fabrics/" + name).toURI());
        assertThat(Files.isReadable(p)).isTrue();
        return p;
    }
}
