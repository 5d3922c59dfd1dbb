package dev.jsm.daemon.mgmt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.smp.SmInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Families of {@link PrometheusText} that need no running daemon: the other SMs seen. */
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
}
