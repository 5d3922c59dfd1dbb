package dev.jsm.routing.updn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.minhop.HopTable;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Shared helpers of the updn and dnup tests. */
final class UpDownTesting {

    static final RouteVerifier VERIFIER = new RouteVerifier();

    private UpDownTesting() {
    }

    /** One engine run. */
    record Run(UpDownEngine engine, RouteOutcome outcome, LftTables lfts) {
        LftTables routed() {
            assertThat(outcome).as(outcome.toString()).isEqualTo(RouteOutcome.routed());
            return lfts;
        }
    }

    static Run updn(RoutingInput in, EngineOptions options) {
        return run(UpDownEngine.updn(UpDownOptions.from(options)), in);
    }

    static Run dnup(RoutingInput in, EngineOptions options) {
        return run(UpDownEngine.dnup(UpDownOptions.from(options)), in);
    }

    private static Run run(UpDownEngine engine, RoutingInput in) {
        LftTables out = LftTables.forInput(in);
        return new Run(engine, engine.route(in, out), out);
    }

    /** Options with {@code root_guid_file} naming a file holding {@code text}. */
    static EngineOptions rootFile(Path dir, String text) {
        return EngineOptions.defaults().with(EngineOptions.ROOT_GUID_FILE, write(dir, "roots.txt", text));
    }

    static String write(Path dir, String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Walks the tables from every switch with CAs to every LID of every CA and router port, and counts the walks
     * that do not arrive although the fabric links the two switches.
     */
    static long caPairGaps(RoutingInput in, LftTables lfts) {
        HopTable plain = HopTable.compute(in, 1);
        boolean[] withCas = new boolean[in.switchCount()];
        for (int x = 0; x < in.endPortCount(); x++) {
            if (!in.endPortIsSwitch()[x] && in.endPortSwitch()[x] >= 0) {
                withCas[in.endPortSwitch()[x]] = true;
            }
        }
        long gaps = 0;
        for (int a = 0; a < in.switchCount(); a++) {
            if (!withCas[a]) {
                continue;
            }
            for (int x = 0; x < in.endPortCount(); x++) {
                int owner = in.endPortSwitch()[x];
                if (in.endPortIsSwitch()[x] || owner < 0 || plain.hops(a, owner) == HopTable.UNREACHABLE) {
                    continue;
                }
                for (int k = 0; k < in.endPortLidCount()[x]; k++) {
                    gaps += delivers(in, lfts, a, in.endPortBaseLid()[x] + k) ? 0 : 1;
                }
            }
        }
        return gaps;
    }

    private static boolean delivers(RoutingInput in, LftTables lfts, int from, int lid) {
        int cur = from;
        for (int hop = 0; hop <= 64; hop++) {
            int port = lfts.port(cur, lid);
            if (cur == in.lidOwnerSwitch()[lid]) {
                return port == (in.lidOwnerPort()[lid] & 0xFF);
            }
            int e = in.edgeOfPort(cur, port);
            if (e < 0) {
                return false;
            }
            cur = in.peerSwitch()[e];
        }
        return false;
    }

    /** Every CA pair delivered, no credit loop; returns the verifier's report. */
    static VerifierReport assertCaCompleteAndLoopFree(RoutingInput in, LftTables lfts) {
        VerifierReport r = VERIFIER.verify(in, lfts);
        assertThat(caPairGaps(in, lfts)).as(r.format()).isZero();
        assertThat(r.creditLoops().hasCycle()).as(r.format()).isFalse();
        return r;
    }
}
