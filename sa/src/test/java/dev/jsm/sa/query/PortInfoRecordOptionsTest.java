package dev.jsm.sa.query;

import static dev.jsm.sa.query.SaRequests.GET;
import static dev.jsm.sa.query.SaRequests.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sa.codec.PortInfoRecord;
import dev.jsm.sa.codec.SaAttribute;
import org.junit.jupiter.api.Test;

/**
 * The PortInfoRecord Options byte (docs/reference/mad-formats.md#portinforecord; ClassPortInfo
 * IsFullPortInfoRecordSupported): echoed, and a
 * requester that does not say it understands extended speeds (bit 7) sees the QDR bit in the legacy LinkSpeed fields
 * of a port running FDR, as OpenSM 3.3.23 answers. H3's cable of {@link SaTestFabric#snapshotWithFdrH3()} runs FDR.
 */
class PortInfoRecordOptionsTest {

    private static final long LID_PORT = 1L | 1L << 1;
    private static final long OPTIONS = 1L << 2;
    private static final long LINK_SPEED_ACTIVE = 1L << 21;

    private final SaQueryEngine engine = new SaQueryEngine();
    private final SaView view = SaTestFabric.view(SaTestFabric.snapshotWithFdrH3());

    @Test
    void aLegacyRequesterSeesQdrAddedToAnFdrPort() {
        PortInfoRecord r = get(LID_PORT, 9, 1, 0, 0);
        assertThat(r.options()).isZero();
        assertThat(r.portInfo().linkSpeedActive()).as("SDR | QDR").isEqualTo(5);
        assertThat(r.portInfo().linkSpeedSupported()).isEqualTo(5);
        assertThat(r.portInfo().linkSpeedEnabled()).isEqualTo(5);
        assertThat(r.portInfo().linkSpeedExtActive()).isEqualTo(1);

        PortInfoRecord sw = get(LID_PORT, 1, 3, 0, 0);
        assertThat(sw.portInfo().linkSpeedActive()).as("switch B's port 0 says IsExtendedSpeedsSupported")
                .isEqualTo(5);
        assertThat(get(LID_PORT, 10, 1, 0, 0).portInfo().linkSpeedActive()).as("H4 runs plain QDR").isEqualTo(4);
    }

    @Test
    void aRequesterThatUnderstandsExtendedSpeedsGetsTheRealValuesAndItsOptionsBack() {
        PortInfoRecord r = get(LID_PORT | OPTIONS, 9, 1, 0x80, 0);
        assertThat(r.options()).isEqualTo(0x80);
        assertThat(r.portInfo().linkSpeedActive()).isEqualTo(1);
        assertThat(get(LID_PORT | OPTIONS, 9, 1, 0x01, 0).options()).as("echoed").isEqualTo(0x01);
    }

    @Test
    void theMatchIsOnThePortsRealSpeed() {
        PortInfoRecord r = get(LID_PORT | LINK_SPEED_ACTIVE, 9, 1, 0, 1);
        assertThat(r.portInfo().linkSpeedActive()).as("matched on SDR, answered SDR | QDR").isEqualTo(5);
        assertThat(engine.answer(view, pir(LID_PORT | LINK_SPEED_ACTIVE, 9, 1, 0, 5)).count()).isZero();
    }

    private PortInfoRecord get(long mask, int lid, int port, int options, int linkSpeedActive) {
        SaAnswer a = engine.answer(view, pir(mask, lid, port, options, linkSpeedActive));
        assertThat(a.status()).isZero();
        return PortInfoRecord.decode(a.records(), 0);
    }

    private static SaRequest pir(long mask, int lid, int port, int options, int linkSpeedActive) {
        return request(GET, SaAttribute.PORT_INFO_RECORD, mask, (b, o) -> {
            PortInfoRecord.ENDPORT_LID.put(b, o, lid);
            PortInfoRecord.PORT_NUM.put(b, o, port);
            PortInfoRecord.OPTIONS.put(b, o, options);
            PortInfo.LINK_SPEED_ACTIVE.put(b, o + PortInfoRecord.PORT_INFO_OFFSET, linkSpeedActive);
        }, true);
    }
}
