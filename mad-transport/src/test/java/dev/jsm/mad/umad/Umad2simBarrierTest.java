package dev.jsm.mad.umad;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Umad2simBarrier}: the barrier request and how its response is told apart from earlier responses. */
class Umad2simBarrierTest {

    /** The barrier as ibsim 0.10 answers it: in place, GetResp, D bit, client id and agent id in the upper TID. */
    private static byte[] answered(byte[] request) {
        byte[] mad = request.clone();
        mad[3] = (byte) Method.GET_RESP.value();
        mad[4] |= (byte) 0x80;
        long tid = MadHeader.TRANSACTION_ID.getLong(mad, 0);
        MadHeader.TRANSACTION_ID.put(mad, 0, tid | 0x0003_0001_0000_0000L);
        return mad;
    }

    @Test
    void requestIsALocalDirectedRouteNodeInfoGet() {
        byte[] r = Umad2simBarrier.random().request();
        assertThat(Smp.isDirectedRoute(r)).isTrue();
        assertThat(r[3] & 0xFF).isEqualTo(Method.GET.value());
        assertThat(Smp.hopCount(r)).isZero();
        assertThat(MadHeader.ATTRIBUTE_ID.getInt(r, 0)).isEqualTo(AttributeId.NODE_INFO.value());
        assertThat(MadHeader.TRANSACTION_ID.getLong(r, 0) >>> 32).as("upper TID bits are the kernel's").isZero();
    }

    @Test
    void recognisesItsResponseWhateverTheUpperTidBitsAndTheStatus() {
        Umad2simBarrier b = Umad2simBarrier.random();
        byte[] response = answered(b.request());
        assertThat(b.isAnsweredBy(response)).isTrue();
        MadHeader.STATUS.put(response, 0, 0x8000 | 0x1C);
        assertThat(b.isAnsweredBy(response)).isTrue();
    }

    @Test
    void rejectsTheRequestItselfAndResponsesWithAnotherTidOrMKey() {
        Umad2simBarrier b = Umad2simBarrier.random();
        assertThat(b.isAnsweredBy(b.request())).isFalse();
        byte[] otherTid = answered(b.request());
        otherTid[15] ^= 1;
        assertThat(b.isAnsweredBy(otherTid)).isFalse();
        byte[] otherMKey = answered(b.request());
        otherMKey[31] ^= 1;
        assertThat(b.isAnsweredBy(otherMKey)).isFalse();
        byte[] lidRouted = answered(b.request());
        lidRouted[1] = 0x01;
        assertThat(b.isAnsweredBy(lidRouted)).isFalse();
    }

    @Test
    void barriersDiffer() {
        assertThat(Umad2simBarrier.random().request()).isNotEqualTo(Umad2simBarrier.random().request());
    }

    @Test
    void findsLibumad2simInAMemoryMap(@TempDir Path dir) throws IOException {
        Path with = Files.writeString(dir.resolve("with"), "7f98fbeac000-7f98fbeae000 r--p 00000000 fe:00 5595152"
                + "                    /usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so\n");
        Path without = Files.writeString(dir.resolve("without"), "7f98fbc64000-7f98fbc66000 r--p 00000000 fe:00 "
                + "5595137                    /usr/lib/x86_64-linux-gnu/libibumad.so.3.2.44.0\n");
        assertThat(Umad2simBarrier.preloaded(with)).isTrue();
        assertThat(Umad2simBarrier.preloaded(without)).isFalse();
        assertThat(Umad2simBarrier.preloaded(dir.resolve("missing"))).isFalse();
    }
}
