package dev.jsm.mad.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The TID table against a {@link HashMap} under random puts and removes, and the TID counter. */
class TidTableTest {

    private static final OutboundMad REQUEST = OutboundMad.of(MadAddress.directedRoute(),
            Smp.directedRoute(Method.GET, 0, AttributeId.NODE_INFO, 0, DrPath.local(), 0));

    @Test
    void behavesLikeAMapUnderRandomPutsAndRemoves() {
        TidTable table = new TidTable();
        Map<Integer, Transaction> reference = new HashMap<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int step = 0; step < 200_000; step++) {
            // few distinct keys, clustered and spread, so that probe runs wrap and deletions shift entries back
            int tid = random.nextBoolean() ? 1 + random.nextInt(300) : random.nextInt() | 1;
            if (random.nextInt(3) == 0) {
                table.remove(tid);
                reference.remove(tid);
            } else {
                Transaction t = new Transaction(null, REQUEST, o -> { }, tid, 0);
                table.put(t);
                reference.put(tid, t);
            }
            if (step % 1000 == 0) {
                for (Map.Entry<Integer, Transaction> e : reference.entrySet()) {
                    assertThat(table.get(e.getKey())).isSameAs(e.getValue());
                }
            }
            assertThat(table.get(tid)).isSameAs(reference.get(tid));
            assertThat(table.size()).isEqualTo(reference.size());
        }
    }

    @Test
    void growsPastItsInitialCapacity() {
        TidTable table = new TidTable();
        for (int tid = 1; tid <= 100_000; tid++) {
            table.put(new Transaction(null, REQUEST, o -> { }, tid, 0));
        }
        for (int tid = 1; tid <= 100_000; tid += 2) {
            table.remove(tid);
        }
        assertThat(table.size()).isEqualTo(50_000);
        assertThat(table.get(99_999)).isNull();
        assertThat(table.get(100_000).tid).isEqualTo(100_000);
    }

    @Test
    void tidZeroIsReserved() {
        assertThatThrownBy(() -> new TidTable().put(new Transaction(null, REQUEST, o -> { }, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new TidTable().get(0)).isNull();
    }

    @Test
    void counterWrapsAfterTwoToTheThirtyTwoAndSkipsZero() {
        TidCounter c = new TidCounter(-2);
        assertThat(c.next()).isEqualTo(0xFFFF_FFFE);
        assertThat(c.next()).isEqualTo(0xFFFF_FFFF);
        assertThat(c.next()).isEqualTo(1);
        assertThat(c.next()).isEqualTo(2);
    }
}
