package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.MemoryNetwork;
import dev.jsm.sa.testing.TestTransactions;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Malformed and random SA MADs never break the agent: each is answered or dropped and counted, and a valid request
 * afterwards is still answered.
 */
class SaAgentFuzzTest {

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    private static final int[] ATTRIBUTES = {SaAttribute.CLASS_PORT_INFO, SaAttribute.NODE_RECORD,
        SaAttribute.PORT_INFO_RECORD, SaAttribute.SWITCH_INFO_RECORD, SaAttribute.LINK_RECORD,
        SaAttribute.LINEAR_FORWARDING_TABLE_RECORD, SaAttribute.SM_INFO_RECORD, SaAttribute.PATH_RECORD,
        SaAttribute.SERVICE_RECORD, SaAttribute.MC_MEMBER_RECORD, SaAttribute.INFORM_INFO,
        SaAttribute.INFORM_INFO_RECORD, SaAttribute.NOTICE, 0x1234};
    private static final int[] METHODS = {0x01, 0x02, 0x06, 0x12, 0x14, 0x15, 0x81, 0x86, 0x92, 0x7f};

    @Test
    void randomRequestsAreAnsweredOrCountedAsDropped() {
        MemoryNetwork net = new MemoryNetwork(3, 0);
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        MemoryNetwork.Endpoint host = net.endpoint(8, 9);
        SaAgent agent = new SaAgent(sa, layers.on(sa), SaViews.small(), RmppSettings.defaults(), 10);
        int[] answers = new int[1];
        host.setReceiver((from, mad, length) -> answers[0]++);
        MadAddress.LidRouted from = new MadAddress.LidRouted(8, 9, 0, 0, 0);
        Random random = new Random(11);
        int n = 3000;
        for (int i = 0; i < n; i++) {
            byte[] mad = new byte[256];
            random.nextBytes(mad);
            if (i % 3 != 0) {
                mad[0] = 1;
                mad[1] = 3;
                mad[2] = 2;
                mad[3] = (byte) METHODS[random.nextInt(METHODS.length)];
                MadHeader.ATTRIBUTE_ID.put(mad, 0, ATTRIBUTES[random.nextInt(ATTRIBUTES.length)]);
                if (random.nextBoolean()) {
                    mad[26] = 0;
                }
                if (random.nextBoolean()) {
                    java.util.Arrays.fill(mad, 36, 44, (byte) 0);
                }
            }
            agent.handle(from, mad, i % 50 == 0 ? 30 : 256, i * 1_000_000L);
            net.pump();
        }
        assertThat(agent.stats().received()).isEqualTo(n);
        assertThat(agent.stats().answered()).isPositive();
        assertThat(agent.stats().dropped()).isPositive();
        assertThat(agent.stats().answered() + agent.stats().dropped()).isLessThanOrEqualTo(n);
        int before = answers[0];
        byte[] ok = SaTestClient.request(0x01, SaAttribute.CLASS_PORT_INFO, 1, 0, 0, (b, o) -> { });
        agent.handle(from, ok, ok.length, n * 1_000_000L);
        net.pump();
        assertThat(answers[0]).isEqualTo(before + 1);
    }
}
