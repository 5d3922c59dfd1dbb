package dev.jsm.daemon.lid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.subnet.LidRange;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LidStoreTest {

    @TempDir
    Path dir;

    @Test
    void writesOpenSmsExactFormatSortedByGuid() throws Exception {
        LidStore s = LidStore.empty(dir);
        s.put(0x0000000000200000L, LidRange.single(1));
        s.put(0x0000000000100004L, LidRange.of(8, 1));
        assertThat(s.flushIfDirty(true)).isTrue();
        assertThat(Files.readString(dir.resolve("guid2lid")))
                .isEqualTo("0x0000000000100004 0x0008 0x0009\n\n0x0000000000200000 0x0001 0x0001\n\n");
        assertThat(Files.exists(dir.resolve("guid2lid.tmp"))).isFalse();
    }

    @Test
    void writesOnlyWhenSomethingChanged() throws Exception {
        LidStore s = LidStore.empty(dir);
        s.put(0x10L, LidRange.single(3));
        s.flushIfDirty(true);
        s.put(0x10L, LidRange.single(3));
        assertThat(s.isDirty()).isFalse();
        assertThat(s.flushIfDirty(true)).isFalse();
        LidStore again = LidStore.load(dir);
        assertThat(again.get(0x10L)).isEqualTo(LidRange.single(3));
        assertThat(again.isDirty()).isFalse();
    }

    @Test
    void loadDropsMalformedMisalignedOverlappingAndDuplicateRecords() throws Exception {
        Files.writeString(dir.resolve("guid2lid"), String.join("\n",
                "0x0000000000000001 0x0001 0x0001", "",
                "0x0000000000000002 0x0001 0x0001", "",
                "0x0000000000000003 0x0005 0x0006", "",
                "0x0000000000000001 0x0009 0x0009", "",
                "garbage line", "",
                "0x0000000000000004 0x0008 0x000b", ""));
        LidStore s = LidStore.load(dir);
        assertThat(s.get(1L)).isEqualTo(LidRange.single(1));
        assertThat(s.get(2L)).isNull();
        assertThat(s.get(3L)).isNull();
        assertThat(s.get(4L)).isEqualTo(LidRange.of(8, 2));
        assertThat(s.problems()).hasSize(4).anySatisfy(p -> assertThat(p).contains("line 3").contains("0x0001"))
                .anySatisfy(p -> assertThat(p).contains("line 5").contains("aligned"))
                .anySatisfy(p -> assertThat(p).contains("line 7").contains("twice"))
                .anySatisfy(p -> assertThat(p).contains("line 9").contains("expected"));
        assertThat(s.isDirty()).isTrue();
    }

    @Test
    void loadTakesTabsRunsOfSpacesAndGuidsWithTheHighBitSet() throws Exception {
        Files.writeString(dir.resolve("guid2lid"), "  0xf452140300123456\t 0x0010   0x0010 \n\n"
                + "0x0000000000000007 0x0011\n\n");
        LidStore s = LidStore.load(dir);
        assertThat(s.get(0xf452140300123456L)).isEqualTo(LidRange.single(16));
        assertThat(s.problems()).singleElement().satisfies(p -> assertThat(p).contains("line 3"));
    }

    @Test
    void firstFreeSkipsTakenLidsAndKeepsLmcAlignment() {
        LidStore s = LidStore.empty(dir);
        s.put(0xAL, LidRange.single(1));
        s.put(0xBL, LidRange.single(2));
        s.put(0xCL, LidRange.single(5));
        assertThat(s.firstFree(0, 0xDL)).isEqualTo(LidRange.single(3));
        assertThat(s.firstFree(1, 0xDL)).isEqualTo(LidRange.of(6, 1));
        assertThat(s.firstFree(2, 0xDL)).isEqualTo(LidRange.of(8, 2));
        assertThatThrownBy(() -> s.put(0xDL, LidRange.single(5))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPortMovingToAnotherRangeFreesItsOldLids() {
        LidStore s = LidStore.empty(dir);
        s.put(0xAL, LidRange.single(1));
        s.put(0xAL, LidRange.of(2, 1));
        assertThat(s.isFreeFor(LidRange.single(1), 0xBL)).isTrue();
        assertThat(s.firstFree(0, 0xBL)).isEqualTo(LidRange.single(1));
    }
}
