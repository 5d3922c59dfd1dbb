package dev.jsm.daemon.activity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingResult;
import dev.jsm.sa.codec.Gid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lines of {@code opensm-activity.dump}, one per activity, field by field. */
class ActivityReportTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2024-05-02T08:15:30.123Z"), ZoneOffset.ofHours(2));
    private static final Gid BROADCAST = new Gid(0xff12_401b_ffff_0000L, 0x0000_0000_ffff_ffffL);
    private static final long GUID = 0x0002_c903_0000_0001L;

    @TempDir
    Path dir;

    @Test
    void eachActivityIsOneLineWithItsIdNameAndFields() throws Exception {
        Path file = dir.resolve(ActivityReport.FILE_NAME);
        try (ActivityReport r = new ActivityReport(file, CLOCK)) {
            r.configure("all");
            r.mcmMember(0xC001, BROADCAST, GUID, true);
            r.mcmMember(0xC001, BROADCAST, GUID, false);
            r.mcgChange(0xC001, BROADCAST, true);
            r.mcgChange(0xC001, BROADCAST, false);
            r.prtnGuidAdd(GUID, 0x8001, 0, 1);
            r.prtnCreate(0x7FFF, "Default");
            r.prtnDelete(0x0001, ActivityReport.DeleteReason.EMPTY_PRTN);
            r.prtnDelete(0x7FFF, ActivityReport.DeleteReason.SM_SHUTDOWN);
            r.mcgTreeCalc(0xC001);
            r.routing(new RoutingResult(null, null, List.of(attempt("ftree", RouteOutcome.declined("not a tree")),
                    attempt("minhop", RouteOutcome.routed())), List.of(), List.of()));
            r.ucastCacheInvalidated();
            r.ucastCacheRoutingDone();
        }
        assertThat(Files.readAllLines(file)).containsExactly(
                // local time (offset +02:00)   ID name        MLID        MGID (GID notation)
                "2024-05-02T10:15:30.123+02:00 1 mcm_member mlid=0xc001 mgid=ff12:401b:ffff:0000:0000:0000:ffff:ffff"
                        // port GUID                    join state: 1 join
                        + " port_guid=0x0002c90300000001 join_state=1",
                "2024-05-02T10:15:30.123+02:00 1 mcm_member mlid=0xc001 mgid=ff12:401b:ffff:0000:0000:0000:ffff:ffff"
                        + " port_guid=0x0002c90300000001 join_state=-1",                      // -1 leave
                "2024-05-02T10:15:30.123+02:00 2 mcg_change mlid=0xc001 mgid=ff12:401b:ffff:0000:0000:0000:ffff:ffff"
                        + " change=0",                                                          // 0 create
                "2024-05-02T10:15:30.123+02:00 2 mcg_change mlid=0xc001 mgid=ff12:401b:ffff:0000:0000:0000:ffff:ffff"
                        + " change=1",                                                          // 1 delete
                //                                                                P_Key with membership bit
                "2024-05-02T10:15:30.123+02:00 3 prtn_guid_add port_guid=0x0002c90300000001 pkey=0x8001 block_index=0"
                        + " pkey_index=1",
                "2024-05-02T10:15:30.123+02:00 4 prtn_create pkey=0x7fff prtn_name=Default",
                "2024-05-02T10:15:30.123+02:00 5 prtn_delete pkey=0x0001 delete_reason=0",    // 0 empty prtn
                "2024-05-02T10:15:30.123+02:00 5 prtn_delete pkey=0x7fff delete_reason=2",    // 2 sm shutdown
                "2024-05-02T10:15:30.123+02:00 8 mcg_tree_calc mlid=0xc001",
                "2024-05-02T10:15:30.123+02:00 10 routing_failed engine=ftree",              // declined
                "2024-05-02T10:15:30.123+02:00 9 routing_succeed engine=minhop",
                "2024-05-02T10:15:30.123+02:00 11 ucast_cache_invalidated",
                "2024-05-02T10:15:30.123+02:00 12 ucast_cache_routing_done");
    }

    @Test
    void onlyTheSubjectsSwitchedOnAreWrittenAndNoneWritesNoFile() throws Exception {
        Path file = dir.resolve(ActivityReport.FILE_NAME);
        try (ActivityReport r = new ActivityReport(file, CLOCK)) {
            r.configure("none");
            r.mcgTreeCalc(0xC001);
            r.prtnCreate(0x7FFF, "Default");
            assertThat(file).doesNotExist();
            r.configure("routing");
            r.mcmMember(0xC001, BROADCAST, GUID, true);
            r.prtnCreate(0x7FFF, "Default");
            r.mcgTreeCalc(0xC002);
        }
        assertThat(Files.readAllLines(file))
                .containsExactly("2024-05-02T10:15:30.123+02:00 8 mcg_tree_calc mlid=0xc002");
    }

    @Test
    void aFileThatCannotBeWrittenNeverThrowsAndIsTriedAgain() throws Exception {
        Path missing = dir.resolve("missing");
        Path file = missing.resolve(ActivityReport.FILE_NAME);
        try (ActivityReport r = new ActivityReport(file, CLOCK)) {
            r.configure("mc");
            r.mcgTreeCalc(0xC001);
            r.mcgTreeCalc(0xC002);
            Files.createDirectories(missing);
            r.mcgTreeCalc(0xC003);
            r.close();
            r.mcgTreeCalc(0xC004);
        }
        assertThat(Files.readAllLines(file))
                .containsExactly("2024-05-02T10:15:30.123+02:00 8 mcg_tree_calc mlid=0xc003");
    }

    @Test
    void linesAppendToAnEarlierRunsReport() throws Exception {
        Path file = dir.resolve(ActivityReport.FILE_NAME);
        Files.writeString(file, "earlier\n");
        try (ActivityReport r = new ActivityReport(file, CLOCK)) {
            r.configure("mc");
            r.mcgTreeCalc(0xC001);
        }
        assertThat(Files.readAllLines(file)).hasSize(2).startsWith("earlier");
    }

    private static RoutingResult.Attempt attempt(String engine, RouteOutcome outcome) {
        return new RoutingResult.Attempt(engine, outcome, 1000, false);
    }
}
