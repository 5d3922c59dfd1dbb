package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import dev.jsm.mad.ibsim.IbsimSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Event forwarding against Debian's ibsim serving {@code fat2-16.net}, through libibumad and umad2sim: the daemon's
 * real {@code main} on host-0-0; a subscriber ({@link EventsClientMain}, a second umad2sim process on host-1-2)
 * subscribes to traps 64 and 65 with SubnAdmSet(InformInfo) (answers echo the request), sees both subscriptions
 * in an untrusted InformInfoRecord GetTable (QPN hidden), then subscribes to trap 128; host-3-3's cable is removed
 * with ibsim's console (ibsim sends the SM a Trap 128, which must be forwarded) and the daemon gets SIGHUP: the
 * subscriber must receive a Report of trap 65 about host-3-3's port GID from the SM (IssuerLID 1); the cable is
 * restored ({@code ReLink}) and after the next SIGHUP a Report of trap 64 follows. The subscriber answers every
 * Report with a ReportResp, and the daemon's {@code /metrics} must then count every Report retired and none timed
 * out.
 *
 * <p>The subscriber runs with {@code SIM_SET_ISSM=1}: ibsim hands requests addressed to a host's QP0/QP1 only to a
 * client holding the issm flag on that port (its {@code find_client}), so an ordinary client never receives an
 * unsolicited Report; the flag also sets IsSM in that port's CapabilityMask, which the daemon does not act on.
 * Steps in {@link IbsimEventsProbe}.
 */
@Tag("ibsim")
class EventsIbsimIT {

    private static final String SUBSCRIBER = "host-1-2";
    private static final String VICTIM = "host-3-3";
    private static final int ATTEMPTS = 5;

    @Test
    void aSubscriberOnAnotherHostGetsTrap65AndTrap64ReportsForAHostsCable() throws Exception {
        IbsimHarness.assumeAvailable();
        IbsimHarness harness = IbsimHarness.builder(Path.of("..", "fabrics", "fat2-16.net")).console(true)
                .timeout(Duration.ofSeconds(60)).env("OSM_CACHE_DIR", ".").env("OSM_TMP_DIR", ".").build();
        IbsimResult r = null;
        for (int attempt = 1; r == null; attempt++) {
            try {
                r = scenario(harness);
            } catch (AssertionError e) {
                if (!subscriberCrashedInUmad2sim(e.getMessage())) {
                    throw e;
                }
                // the SM is not what failed: say so and skip rather than fail the build on ibsim's library
                Assumptions.assumeTrue(attempt < ATTEMPTS, "[ibsim] SKIPPED: the subscriber's JVM crashed in "
                        + "libumad2sim (SIGSEGV in pthread_mutex_lock) in all " + ATTEMPTS + " attempts");
                System.out.println("[ibsim] the subscriber's JVM crashed in libumad2sim (SIGSEGV in "
                        + "pthread_mutex_lock, a fault of ibsim's preload library, not of the SM): attempt " + attempt
                        + " of " + ATTEMPTS + " failed, running the scenario again");
            }
        }
        String[] victimLine = r.lines("VICTIM ").get(0).split(" ");
        String victim = victimLine[1];
        String victimSwitch = victimLine[3];
        assertThat(r.lines("CLIENT SET ")).containsExactly("CLIENT SET trap=64 status=0x0000 echo=true",
                "CLIENT SET trap=65 status=0x0000 echo=true", "CLIENT SET trap=128 status=0x0000 echo=true");
        List<String> records = r.lines("CLIENT IIR ");
        assertThat(records).as("untrusted InformInfoRecord GetTable").hasSize(2)
                .allMatch(l -> l.endsWith(" subscribe=1 qpn=0"))
                .anyMatch(l -> l.contains(" trap=64 ")).anyMatch(l -> l.contains(" trap=65 "));
        assertThat(records).extracting(l -> l.split(" ")[2]).containsOnly(records.get(0).split(" ")[2]);
        // a Report resent before its ReportResp arrived shows twice, as the same line (same TID)
        List<String> reports = r.lines("CLIENT REPORT ").stream().distinct().toList();
        assertThat(reports).as("Reports about %s", victim).filteredOn(l -> l.contains(" gid=" + victim + " "))
                .extracting(l -> l.split(" ")[2]).containsExactly("trap=65", "trap=64");
        assertThat(reports).filteredOn(l -> !l.contains(" trap=128 ")).allMatch(l -> l.contains(" issuerLid=1 "));
        assertThat(reports).as("ibsim's Trap 128 from the victim's switch, forwarded")
                .filteredOn(l -> l.contains(" trap=128 ")).isNotEmpty()
                .allMatch(l -> l.contains(" gid=- issuerLid=") && l.contains(" issuerGid=" + victimSwitch + " "));
        assertThat(r.lines("CLIENT-RC ")).containsExactly("CLIENT-RC 0");
        List<String> metrics = r.lines("METRIC ");
        assertThat(metrics).contains("METRIC jsm_sa_reports_total{result=\"sent\"} " + reports.size(),
                "METRIC jsm_sa_reports_total{result=\"retired\"} " + reports.size(),
                "METRIC jsm_sa_reports_total{result=\"timed_out\"} 0");
        System.out.println("[ibsim] " + reports.size() + " Reports to " + SUBSCRIBER + ": " + reports + "; " + metrics);
    }

    /** Runs the scenario once; fails unless the probe ended with exit code 0. */
    private static IbsimResult scenario(IbsimHarness harness) throws Exception {
        IbsimResult r;
        try (IbsimSession s = harness.start(IbsimEventsProbe.class, SUBSCRIBER, VICTIM, "-f", "opensm.log", "-s",
                "0")) {
            awaitLine(s, "UNLINK-READY");
            s.console("Unlink \"" + VICTIM + "\"[1]");
            Files.createFile(s.directory().resolve("unlinked"));
            awaitLine(s, "RELINK-READY");
            s.console("ReLink \"" + VICTIM + "\"[1]");
            Files.createFile(s.directory().resolve("relinked"));
            r = s.await();
        }
        assertThat(r.exitCode()).as(() -> r.describe() + "\n--- stdout ---\n" + r.stdout()).isZero();
        return r;
    }

    /**
     * Whether a failure's text shows the subscriber's JVM killed by SIGSEGV in {@code pthread_mutex_lock}: umad2sim's
     * receive thread crashes its process when a MAD comes for a class without an agent (see {@code UmadChannel}), which
     * ibsim's issm client can meet; the SM under test is another process.
     */
    private static boolean subscriberCrashedInUmad2sim(String failure) {
        return failure != null && failure.contains("CLIENT #  SIGSEGV") && failure.contains("pthread_mutex_lock");
    }

    private static void awaitLine(IbsimSession s, String line) throws Exception {
        Path stdout = s.directory().resolve("stdout.txt");
        long end = System.currentTimeMillis() + 45_000;
        // the probe prints FAILED when its client died (it stays alive: the daemon runs in it), so stop waiting then
        while (!(Files.exists(stdout) && (Files.readString(stdout).contains(line)
                || Files.readString(stdout).contains("\nFAILED "))) && s.process().isAlive()
                && System.currentTimeMillis() < end) {
            Thread.sleep(20);
        }
        Path ibsimLog = s.directory().resolve("ibsim.log");
        String ibsim = Files.exists(ibsimLog) ? Files.readString(ibsimLog) : "";
        assertThat(Files.readString(stdout)).as("probe output (ibsim log tail:\n%s)",
                ibsim.substring(Math.max(0, ibsim.length() - 2000))).contains(line);
    }
}
