package dev.jsm.daemon.mgmt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Families of {@link PrometheusText} that need no running daemon: the other SMs seen, the enhanced QoS and vport
 * counters (the rate limits by port come from a snapshot: {@code EnhancedQosSimTest} checks them in the dump file
 * written from the same source).
 */
class PrometheusTextTest {

    @Test
    void eachOtherSmHasItsStateAsOneOfFourAndWhenItLastAnsweredAndTheStatesAreCounted() {
        RemoteSm standby = new RemoteSm(new SmInfo(0x0002c90300000002L, 1, 7, 3, SmInfo.STATE_STANDBY),
                DrPath.of(1, 3), 1, 5, 1_700_000_000_250L);
        RemoteSm silent = new RemoteSm(new SmInfo(0x0002c90300000009L, 1, 2, 9, SmInfo.STATE_MASTER),
                DrPath.of(1, 4), 1, 9, 1_699_999_000_000L).silent();
        StringBuilder out = new StringBuilder();

        PrometheusText.remoteSmLines(out, List.of(standby, silent));

        assertThat(out.toString()).contains(
                "\njsm_remote_sm_priority{guid=\"0x0002c90300000002\",state=\"STANDBY\"} 3\n",
                "\njsm_remote_sm_priority{guid=\"0x0002c90300000009\",state=\"NOT_ACTIVE\"} 9\n",
                "\njsm_remote_sms{state=\"NOT_ACTIVE\"} 1\njsm_remote_sms{state=\"DISCOVERING\"} 0\n"
                        + "jsm_remote_sms{state=\"STANDBY\"} 1\njsm_remote_sms{state=\"MASTER\"} 0\n",
                "\njsm_remote_sm_state{guid=\"0x0002c90300000002\",state=\"NOT_ACTIVE\"} 0\n"
                        + "jsm_remote_sm_state{guid=\"0x0002c90300000002\",state=\"DISCOVERING\"} 0\n"
                        + "jsm_remote_sm_state{guid=\"0x0002c90300000002\",state=\"STANDBY\"} 1\n"
                        + "jsm_remote_sm_state{guid=\"0x0002c90300000002\",state=\"MASTER\"} 0\n",
                "\njsm_remote_sm_state{guid=\"0x0002c90300000009\",state=\"NOT_ACTIVE\"} 1\n",
                "\njsm_remote_sm_last_seen_timestamp_seconds{guid=\"0x0002c90300000002\"} 1700000000.250\n",
                "\njsm_remote_sm_last_seen_timestamp_seconds{guid=\"0x0002c90300000009\"} 1699999000.000\n");
    }

    @Test
    void withoutOtherSmsEveryStateCountsZeroAndThePerSmFamiliesHaveNoSample() {
        StringBuilder out = new StringBuilder();

        PrometheusText.remoteSmLines(out, List.of());

        assertThat(out.toString()).contains("# TYPE jsm_remote_sm_state gauge\n",
                "# TYPE jsm_remote_sm_last_seen_timestamp_seconds gauge\n", "\njsm_remote_sms{state=\"MASTER\"} 0\n")
                .doesNotContain("guid=");
    }

    @Test
    void enhancedQosAndMalformedVportAnswersAreCountedWithNoPortHoldingLimits() {
        StringBuilder out = new StringBuilder();

        PrometheusText.enhancedQosLines(out, SubnetSnapshot.empty(), new VirtualizationCounters(3, 24, 2, true, true));

        assertThat(out.toString()).contains("\njsm_enhanced_qos_ports{kind=\"port\"} 0\n",
                "\njsm_enhanced_qos_ports{kind=\"vport\"} 0\n", "# TYPE jsm_enhanced_qos_rate_limit_mbps gauge\n",
                "\njsm_enhanced_qos_sets_total 24\n", "\njsm_enhanced_qos_policy_in_force 1\n",
                "\njsm_enhanced_qos_policy_error 1\n", "\njsm_enhanced_qos_policy_rejections_total 2\n",
                "# TYPE jsm_vport_malformed_answers_total counter\n", "\njsm_vport_malformed_answers_total 3\n")
                .doesNotContain("jsm_enhanced_qos_rate_limit_mbps{");
    }
}
