package dev.jsm.sa.query;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.SaHeader;
import java.util.function.ObjIntConsumer;

/** Builds {@link SaRequest}s for the engine tests. Stateless. */
final class SaRequests {

    static final int GET = 0x01;
    static final int GET_TABLE = 0x12;
    static final MadAddress.LidRouted FROM_H2 = new MadAddress.LidRouted(8, 1, MadAddress.QP1_QKEY, 0, 0);

    private SaRequests() {
    }

    /** A request whose template record is written by {@code template}. */
    static SaRequest request(int method, int attribute, long mask, ObjIntConsumer<byte[]> template,
                             boolean trusted) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        template.accept(data, 0);
        return new SaRequest(FROM_H2, method, attribute, 0, 0x42, new SaHeader(trusted ? 1 : 0, 0, mask), data,
                trusted);
    }

    /** An untrusted request. */
    static SaRequest request(int method, int attribute, long mask, ObjIntConsumer<byte[]> template) {
        return request(method, attribute, mask, template, false);
    }
}
