package dev.jsm.mad.umad;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Pointer;
import dev.jsm.mad.channel.MadAddress;
import org.junit.jupiter.api.Test;

/** {@link UmadBuffer}: field offsets and byte orders of {@code struct ib_user_mad} as the kernel fills them. */
class UmadBufferTest {

    /** Fills a header the way the kernel (or umad2sim) does: BE address fields, host-order status/pkey. */
    private static void fillReceived(UmadBuffer b) {
        Pointer p = new Pointer(b.address());
        p.setInt(4, 110);                                                       // status, host order
        p.write(20, new byte[] {0x00, 0x12, 0x34, 0x56}, 0, 4);                  // qpn, BE (24 bits used)
        p.write(24, new byte[] {(byte) 0x80, 0x01, 0x00, 0x00}, 0, 4);           // qkey, BE
        p.write(28, new byte[] {0x01, 0x02}, 0, 2);                              // lid, BE
        p.setByte(30, (byte) 5);                                                 // sl
        p.setShort(56, (short) 3);                                               // pkey_index, host order
    }

    @Test
    void readsTheSenderAddressInHostOrder() {
        UmadBuffer b = new UmadBuffer(64);
        fillReceived(b);
        assertThat(b.status()).isEqualTo(110);
        assertThat(b.qpn()).isEqualTo(0x123456);
        assertThat(b.qkey()).isEqualTo(MadAddress.QP1_QKEY);
        assertThat(b.lid()).isEqualTo(0x0102);
        assertThat(b.sl()).isEqualTo(5);
        assertThat(b.pkeyIndex()).isEqualTo(3);
        assertThat(b.sameSender(new MadAddress.LidRouted(0x0102, 0x123456, MadAddress.QP1_QKEY, 5, 3))).isTrue();
        assertThat(b.sameSender(new MadAddress.LidRouted(0x0102, 0x123456, MadAddress.QP1_QKEY, 5, 4))).isFalse();
    }

    @Test
    void oldAbiHasNoPkeyIndexAndTheMadStartsAt56() {
        UmadBuffer b = new UmadBuffer(56);
        fillReceived(b);
        assertThat(b.pkeyIndex()).isZero();
        b.setPkeyIndex(9);
        byte[] mad = new byte[UmadBuffer.MAD_SIZE];
        mad[0] = 1;
        mad[255] = 0x7F;
        b.putMad(mad, mad.length);
        Pointer p = new Pointer(b.address());
        assertThat(p.getByte(56)).isEqualTo((byte) 1);
        assertThat(p.getByte(56 + 255)).isEqualTo((byte) 0x7F);
    }

    @Test
    void madRoundTripsAtOffset64AndClearHeaderZeroesOnlyTheHeader() {
        UmadBuffer b = new UmadBuffer(64);
        fillReceived(b);
        byte[] mad = new byte[UmadBuffer.MAD_SIZE];
        for (int i = 0; i < mad.length; i++) {
            mad[i] = (byte) i;
        }
        b.putMad(mad, mad.length);
        b.clearHeader();
        assertThat(b.status()).isZero();
        assertThat(b.lid()).isZero();
        assertThat(b.pkeyIndex()).isZero();
        byte[] out = new byte[UmadBuffer.MAD_SIZE];
        b.getMad(out, 100);
        assertThat(out).startsWith(java.util.Arrays.copyOf(mad, 100));
        assertThat(out[100]).isZero();
        assertThat(new Pointer(b.address()).getByte(64)).isZero();
        b.setPkeyIndex(0xABCD);
        assertThat(b.pkeyIndex()).isEqualTo(0xABCD);
    }
}
