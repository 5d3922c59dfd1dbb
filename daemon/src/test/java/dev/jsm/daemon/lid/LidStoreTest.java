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
    void aGuid2lidWithBytesThatAreNotAsciiIsMovedAsideAndTheStoreStartsEmpty() throws Exception {
        Path file = dir.resolve("guid2lid");
        byte[] bytes = "0x0000000000000001 0x0001 0x0001\n\n0x0000000000000002 0x00\u00e9 0x0002\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Files.write(file, bytes);
        LidStore s = LidStore.load(dir);
        assertThat(s.size()).isZero();
        assertThat(s.problems()).isEmpty();
        assertThat(s.setAside()).contains("bytes that are not ASCII", "moved aside to " + dir.resolve("guid2lid.bad-"),
                "every port keeps the LIDs it carries");
        assertThat(Files.exists(file)).isFalse();
        try (var aside = Files.list(dir)) {
            Path kept = aside.filter(p -> p.getFileName().toString().startsWith("guid2lid.bad-")).findFirst()
                    .orElseThrow();
            assertThat(Files.readAllBytes(kept)).as("kept as it was").isEqualTo(bytes);
        }
        s.put(5L, LidRange.single(7));
        assertThat(s.flushIfDirty(false)).isTrue();
        assertThat(LidStore.load(dir).get(5L)).as("a new guid2lid").isEqualTo(LidRange.single(7));
    }

    @Test
    void aDirectoryInPlaceOfGuid2lidIsMovedAsideTooEvenTwiceInOneSecond() throws Exception {
        Files.createDirectory(dir.resolve("guid2lid"));
        Files.writeString(dir.resolve("guid2lid").resolve("inside"), "kept");
        assertThat(LidStore.load(dir).setAside()).contains("it is a directory", "moved aside");
        Files.createDirectory(dir.resolve("guid2lid"));
        LidStore second = LidStore.load(dir);
        assertThat(second.setAside()).contains("moved aside");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).hasSize(2)
                    .allMatch(n -> n.startsWith("guid2lid.bad-"));
        }
    }

    @Test
    void aHundredThousandCharacterGarbageLineIsQuotedShortAndAFloodOfThemCounted() throws Exception {
        StringBuilder text = new StringBuilder("x".repeat(100_000)).append("\n\n");
        for (int i = 0; i < 500; i++) {
            text.append("garbage ").append(i).append("\n");
        }
        text.append("0x0000000000000004 0x0008 0x0008\n");
        Files.writeString(dir.resolve("guid2lid"), text);
        LidStore s = LidStore.load(dir);
        assertThat(s.get(4L)).isEqualTo(LidRange.single(8));
        assertThat(s.setAside()).isNull();
        assertThat(s.problems()).hasSize(LidStore.MAX_PROBLEMS + 1);
        assertThat(s.problems().get(0)).contains("line 1", "x".repeat(80) + "... (99920 more characters)")
                .hasSizeLessThan(300);
        assertThat(s.problems().get(LidStore.MAX_PROBLEMS)).endsWith("481 more lines that are not good records");
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
