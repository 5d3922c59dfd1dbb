package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@link ServiceRegistry} with a multicast ServiceGID (ClassPortInfo IsMulticastServiceRecordsSupported, MgtWG
 * RefIDs 4735/4737): registered, found by its GID and withdrawn like any other ServiceRecord - no port lookup
 * refuses it.
 */
class ServiceRegistryTest {

    private static final int SET = 0x02;
    private static final int GET_TABLE = 0x12;
    private static final int DELETE = 0x15;
    private static final long ID_AND_GID = 1L << ServiceRecord.COMPONENT_SERVICE_ID
            | 1L << ServiceRecord.COMPONENT_SERVICE_GID;
    private static final Gid MULTICAST = new Gid(0xff12_601b_ffff_0000L, 0x0000_0001_ff00_0042L);

    private final SaView view = SaViews.small();
    private final ServiceRegistry registry = new ServiceRegistry(SaLimits.defaults(),
            new Refusals(Duration.ofSeconds(60)));

    @Test
    void aServiceOnAMulticastGidIsRegisteredFoundAndWithdrawn() {
        SaAnswer set = registry.set(view, request(SET, ID_AND_GID, 0x1000_0000_0000_0077L, MULTICAST), 0);
        assertThat(set.status()).isZero();
        assertThat(ServiceRecord.decode(set.records(), 0).serviceGid()).isEqualTo(MULTICAST);

        SaAnswer byGid = registry.get(request(GET_TABLE, 1L << ServiceRecord.COMPONENT_SERVICE_GID, 0, MULTICAST), 0);
        assertThat(byGid.count()).isEqualTo(1);
        assertThat(ServiceRecord.decode(byGid.records(), 0).serviceId()).isEqualTo(0x1000_0000_0000_0077L);
        assertThat(registry.get(request(GET_TABLE, 1L << ServiceRecord.COMPONENT_SERVICE_GID, 0,
                new Gid(0xff12_601b_ffff_0000L, 1)), 0).count()).as("another group").isZero();

        assertThat(registry.delete(view, request(DELETE, ID_AND_GID, 0x1000_0000_0000_0077L, MULTICAST), 0).status())
                .isZero();
        assertThat(registry.get(request(GET_TABLE, 0, 0, Gid.ZERO), 0).count()).isZero();
    }

    private static SaRequest request(int method, long mask, long serviceId, Gid gid) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        ServiceRecord.SERVICE_ID.put(data, 0, serviceId);
        gid.write(ServiceRecord.SERVICE_GID, data, 0);
        return new SaRequest(new MadAddress.LidRouted(8, 1, MadAddress.QP1_QKEY, 0, 0), method,
                SaAttribute.SERVICE_RECORD, 0, 7, new SaHeader(0, 0, mask), data, false);
    }
}
