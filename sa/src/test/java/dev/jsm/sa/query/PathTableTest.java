package dev.jsm.sa.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.limit.AnswerCaps;
import dev.jsm.sa.rmpp.RmppPayload;
import dev.jsm.sa.testing.StarFabric;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A PathRecord table too large to build whole is streamed ({@link PathTable}): read segment by segment, in order,
 * again, or in pieces across its chunks' edges, it gives the bytes the built table has; a table over the streaming
 * limit is refused before any path is walked. The fabric: {@link StarFabric}, one switch with 80 hosts.
 */
class PathTableTest {

    private static final int HOSTS = 80;

    @Test
    void aTableOfEveryPathRecordIsStreamedAndReadsAsTheBuiltOne() throws Exception {
        SaView view = star(0);
        SaAnswer answer = new PathRecordQuery().answer(view, everyPath(), 0);
        byte[] built = built(view, everyPath());

        assertThat(answer.status()).isZero();
        assertThat(answer.streamed()).as("81 x 81 possible records: streamed").isNotNull();
        assertThat(answer.records()).isEmpty();
        assertThat(answer.count()).isEqualTo((HOSTS + 1) * (HOSTS + 1)).isEqualTo(built.length / PathRecord.SIZE);
        RmppPayload table = answer.payload();
        assertThat(table.length()).isEqualTo(built.length);
        assertThat(readInSegments(table, false)).isEqualTo(built);
        assertThat(readInSegments(table, true)).as("segments read again, last first").isEqualTo(built);
    }

    @Test
    void piecesAcrossTheChunksEdgesReadAsTheBuiltTable() throws Exception {
        SaView view = star(2);
        SaAnswer answer = new PathRecordQuery().answer(view, everyPath(), 0);
        byte[] built = built(view, everyPath());

        assertThat(answer.count()).as("4 x 4 LID pairs per end-port pair").isEqualTo(16 * (HOSTS + 1) * (HOSTS + 1));
        assertThat(built.length / PathRecord.SIZE / PathTable.CHUNK_RECORDS).as("chunks").isGreaterThan(20);
        RmppPayload table = answer.payload();
        Random random = new Random(7);
        byte[] read = new byte[table.length()];
        int at = 0;
        while (at < read.length) {
            int n = Math.min(read.length - at, 1 + random.nextInt(3 * PathTable.CHUNK_RECORDS * PathRecord.SIZE / 2));
            table.copy(at, read, at, n);
            at += n;
        }
        assertThat(read).isEqualTo(built);
        int middle = 5 * PathTable.CHUNK_RECORDS * PathRecord.SIZE + 17;
        byte[] piece = new byte[1000];
        table.copy(middle, piece, 0, piece.length);
        assertThat(piece).isEqualTo(Arrays.copyOfRange(built, middle, middle + piece.length));
        assertThat(table.heldBytes()).as("one chunk and its index, not the table").isLessThan(built.length / 8);
    }

    @Test
    void aTableUnderTheStreamingSizeIsBuilt() throws Exception {
        SaView view = star(0);
        SaRequest fromOneHost = SaRequests.request(SaRequests.GET_TABLE, SaAttribute.PATH_RECORD,
                1L << PathRecord.COMPONENT_SLID, (b, o) -> PathRecord.SLID.put(b, o, 2));

        SaAnswer answer = new PathRecordQuery().answer(view, fromOneHost, 0);

        assertThat(answer.streamed()).isNull();
        assertThat(answer.count()).isEqualTo(HOSTS + 1);
        assertThat(answer.records()).isEqualTo(built(view, fromOneHost));
    }

    @Test
    void aTableOverTheStreamingLimitIsRefusedBeforeAnyPathIsWalked() throws Exception {
        SaView view = star(7);

        assertThat((long) (HOSTS + 1) * 128 * (HOSTS + 1) * 128).isGreaterThan(AnswerCaps.MAX_PATH_RECORDS);
        assertThatThrownBy(() -> new PathRecordQuery().answer(view, everyPath(), 0))
                .isInstanceOf(AnswerTooLargeException.class)
                .hasMessageContaining("PathRecords (over the " + AnswerCaps.MAX_PATH_RECORDS);
    }

    private static SaRequest everyPath() {
        return SaRequests.request(SaRequests.GET_TABLE, SaAttribute.PATH_RECORD, 0, (b, o) -> { });
    }

    private static byte[] built(SaView view, SaRequest request) {
        RecordSet out = new RecordSet(PathRecord.SIZE);
        assertThat(new PathRecordQuery().collect(view, request, out)).isZero();
        return out.toBytes();
    }

    /** The table read as an RMPP sender reads it: 200-byte segments, first to last or last to first. */
    private static byte[] readInSegments(RmppPayload table, boolean backwards) {
        byte[] read = new byte[table.length()];
        int segments = (read.length + SaHeader.DATA_SIZE - 1) / SaHeader.DATA_SIZE;
        for (int i = 0; i < segments; i++) {
            int from = (backwards ? segments - 1 - i : i) * SaHeader.DATA_SIZE;
            table.copy(from, read, from, Math.min(SaHeader.DATA_SIZE, read.length - from));
        }
        return read;
    }

    private static SaView star(int lmc) throws Exception {
        return SaTestFabric.view(StarFabric.snapshot(HOSTS, lmc));
    }
}
