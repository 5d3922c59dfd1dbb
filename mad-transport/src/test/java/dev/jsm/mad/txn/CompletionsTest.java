package dev.jsm.mad.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

class CompletionsTest {

    private static final OutboundMad REQUEST = OutboundMad.of(MadAddress.directedRoute(),
            Smp.directedRoute(Method.GET, 0, AttributeId.NODE_INFO, 0, DrPath.local(), 0));

    private final List<Runnable> executed = new ArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Completions completions = new Completions(lock, executed::add);

    @Test
    void answersAreHeldBackInBatchesOnlyWhileManyRequestsAreQueued() {
        executed.clear(); // the probe task
        lock.lock();
        try {
            int tid = 1;
            for (int i = 1; i < Completions.BATCH; i++) {
                complete(tid++);
                assertThat(completions.takeBatch(Completions.HOLD_WHILE_QUEUED)).as("answer %d held", i).isNull();
            }
            complete(tid++);
            Transaction batch = completions.takeBatch(Completions.HOLD_WHILE_QUEUED);
            assertThat(tids(batch)).as("the BATCH-th answer takes the whole chain, in completion order")
                    .containsExactly(range(1, Completions.BATCH));

            complete(tid++);
            assertThat(completions.takeBatch(Completions.HOLD_WHILE_QUEUED)).isNull();
            complete(tid++);
            assertThat(tids(completions.takeBatch(Completions.HOLD_WHILE_QUEUED - 1)))
                    .as("a short queue takes what was held at once")
                    .containsExactly(Completions.BATCH + 1, Completions.BATCH + 2);

            complete(tid++);
            assertThat(completions.takeBatch(Completions.HOLD_WHILE_QUEUED)).isNull();
            assertThat(tids(completions.take())).as("any other take detaches what was held")
                    .containsExactly(Completions.BATCH + 3);
            assertThat(completions.take()).isNull();
        } finally {
            lock.unlock();
        }
    }

    @Test
    void everyHeldOutcomeIsDispatchedOnceTheChainIsTaken() {
        executed.clear();
        lock.lock();
        Transaction chain;
        try {
            for (int tid = 1; tid <= 3; tid++) {
                completions.begin();
                complete(tid);
                assertThat(completions.takeBatch(1000)).isNull();
            }
            chain = completions.take();
        } finally {
            lock.unlock();
        }
        completions.dispatch(chain);
        assertThat(executed).hasSize(3);
    }

    private void complete(int tid) {
        Transaction t = new Transaction(completions, REQUEST, o -> { }, tid, 0);
        completions.complete(t, new TransactionOutcome.Closed(REQUEST));
    }

    private static List<Integer> tids(Transaction chain) {
        List<Integer> out = new ArrayList<>();
        for (Transaction t = chain; t != null; t = t.completedNext) {
            out.add(t.tid);
        }
        return out;
    }

    private static Integer[] range(int from, int to) {
        Integer[] out = new Integer[to - from + 1];
        for (int i = 0; i < out.length; i++) {
            out[i] = from + i;
        }
        return out;
    }
}
