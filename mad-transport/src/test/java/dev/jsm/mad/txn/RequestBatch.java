package dev.jsm.mad.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * {@code n} directed-route NodeInfo Gets over routes of every length a fabric offers, their outcomes, and the
 * checks the contract tests make on them; plus hand-made MADs for injection.
 *
 * <p>Outcomes are collected thread-safely; read them after the transactions are quiescent.
 */
final class RequestBatch {

    final ConcurrentLinkedQueue<TransactionOutcome> outcomes = new ConcurrentLinkedQueue<>();
    private final FabricUnderTest fabric;
    private final DrPath[] routes;

    RequestBatch(FabricUnderTest fabric, int n) {
        this.fabric = fabric;
        routes = new DrPath[n];
        for (int i = 0; i < n; i++) {
            routes[i] = fabric.route(i % (fabric.maxHops() + 1));
        }
    }

    /** Sends every request; the outcomes land in {@link #outcomes}. */
    void sendAll(MadTransactions t) {
        for (DrPath route : routes) {
            t.send(AbstractMadTransactionsContractTest.nodeInfoGet(route), outcomes::add);
        }
    }

    /** Outcomes of one kind. */
    int count(Class<? extends TransactionOutcome> kind) {
        int c = 0;
        for (TransactionOutcome o : outcomes) {
            c += kind.isInstance(o) ? 1 : 0;
        }
        return c;
    }

    /** Every request got a correct response. */
    void assertAllAnswered() {
        assertThat(count(TransactionOutcome.Response.class)).isEqualTo(routes.length);
        assertResponsesCorrect();
    }

    /** Every response is OK and carries the NodeGuid at the end of its request's route. */
    void assertResponsesCorrect() {
        int wrong = 0;
        for (TransactionOutcome o : outcomes) {
            if (o instanceof TransactionOutcome.Response r) {
                DrPath route = Smp.initialPath(r.request().mad());
                boolean right = r.isOk() && AbstractMadTransactionsContractTest.nodeGuid(r) == fabric.nodeGuid(route);
                wrong += right ? 0 : 1;
            }
        }
        assertThat(wrong).as("responses with a bad status or the wrong NodeGuid").isZero();
    }

    /** A 256-byte MAD with just a common header (TID 0x77). */
    static byte[] mad(int mgmtClass, Method method, AttributeId attribute) {
        byte[] mad = new byte[256];
        new MadHeader(1, mgmtClass, mgmtClass == 0x03 ? 2 : 1, method.value(), 0, 0, 0x77, attribute.value(), 0)
                .encodeTo(mad);
        return mad;
    }

    /** {@code request} turned into its response: response bit and (for directed-route SMPs) D bit set. */
    static byte[] asResponse(byte[] request) {
        byte[] r = request.clone();
        r[3] |= (byte) Method.RESPONSE_BIT;
        r[4] |= (byte) 0x80;
        return r;
    }
}
