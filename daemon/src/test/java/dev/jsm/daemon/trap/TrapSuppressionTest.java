package dev.jsm.daemon.trap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.smp.Notice;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@link TrapSuppression} with simulated time: OpenSM's 10 repeats in a 5 s window restarted by each trap. */
class TrapSuppressionTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    private final TrapSuppression filter = new TrapSuppression();

    static Notice trap128(int switchLid) {
        byte[] details = new byte[Notice.DATA_DETAILS_LENGTH];
        details[1] = (byte) switchLid;
        return new Notice(true, Notice.TYPE_URGENT, Notice.PRODUCER_SWITCH, 128, switchLid, 0, 0, details);
    }

    @Test
    void theEleventhIdenticalTrapInTheWindowIsSuppressed() {
        for (int i = 1; i <= 10; i++) {
            assertThat(filter.suppress(2, trap128(2), i * SECOND / 2)).as("trap %d", i).isFalse();
        }
        assertThat(filter.suppress(2, trap128(2), 6 * SECOND)).isTrue();
        assertThat(filter.suppress(2, trap128(2), 10 * SECOND)).as("each trap restarts the window").isTrue();
    }

    @Test
    void otherSourcesAndContentsAreCountedApart() {
        for (int i = 0; i < 10; i++) {
            filter.suppress(2, trap128(2), 0);
        }
        assertThat(filter.suppress(3, trap128(2), 0)).as("another source LID").isFalse();
        assertThat(filter.suppress(2, trap128(3), 0)).as("other data details").isFalse();
        assertThat(filter.suppress(2, trap128(2), 0)).isTrue();
    }

    @Test
    void aQuietWindowStartsTheCountAgain() {
        for (int i = 0; i < 11; i++) {
            filter.suppress(2, trap128(2), 0);
        }
        long later = TrapSuppression.WINDOW.toNanos() + 1;
        for (int i = 1; i <= 10; i++) {
            assertThat(filter.suppress(2, trap128(2), later)).as("trap %d after the pause", i).isFalse();
        }
        assertThat(filter.suppress(2, trap128(2), later)).isTrue();
    }
}
