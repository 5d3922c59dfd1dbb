package dev.jsm.daemon.mkey;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code guid2mkey}: OpenSM's format, written atomically and only when changed, bad lines and bad files. */
class MKeyStoreTest {

    @TempDir
    Path dir;

    @Test
    void writesOpenSmsFormatSortedByGuidAndReadsItBack() throws Exception {
        MKeyStore s = MKeyStore.empty(dir);
        s.put(0x0002c90300000002L, 0xfedcba9876543210L);
        s.put(0x0002c90300000001L, 0x11L);
        assertThat(s.flushIfDirty(true)).isTrue();
        assertThat(Files.readString(dir.resolve("guid2mkey"))).isEqualTo(
                "0x0002c90300000001 0x0000000000000011\n\n0x0002c90300000002 0xfedcba9876543210\n\n");
        assertThat(dir.resolve("guid2mkey.tmp")).doesNotExist();
        MKeyStore again = MKeyStore.load(dir);
        assertThat(again.get(0x0002c90300000002L)).isEqualTo(0xfedcba9876543210L);
        assertThat(again.size()).isEqualTo(2);
        assertThat(again.isDirty()).isFalse();
        assertThat(again.problems()).isEmpty();
    }

    @Test
    void writesOnlyWhenAKeyChanged() throws Exception {
        MKeyStore s = MKeyStore.empty(dir);
        s.put(1L, 5L);
        s.flushIfDirty(false);
        s.put(1L, 5L);
        assertThat(s.flushIfDirty(false)).isFalse();
        s.put(1L, 6L);
        assertThat(s.flushIfDirty(false)).isTrue();
    }

    @Test
    void loadDropsMalformedLinesGuidZeroAndRepeatedGuids() throws Exception {
        Files.writeString(dir.resolve("guid2mkey"), String.join("\n",
                "0x0000000000000001 0x0000000000000aaa", "",
                "# a comment", "",
                "0x0000000000000001 0x0000000000000bbb", "",
                "0x0000000000000000 0x0000000000000ccc", "",
                "0x0000000000000002 0x0000000000000ddd extra", "",
                "  0x3   0x4  ", ""));
        MKeyStore s = MKeyStore.load(dir);
        assertThat(s.get(1L)).isEqualTo(0xaaaL);
        assertThat(s.get(2L)).isNull();
        assertThat(s.get(3L)).as("white space and short numbers as OpenSM reads them").isEqualTo(4L);
        assertThat(s.problems()).hasSize(3)
                .anySatisfy(p -> assertThat(p).contains("line 5", "listed twice"))
                .anySatisfy(p -> assertThat(p).contains("line 7", "port GUID 0"))
                .anySatisfy(p -> assertThat(p).contains("line 9", "expected '0x<port guid> 0x<m_key>'"));
    }

    @Test
    void aFileOfGarbageGivesTwentyProblemsAndACount() throws Exception {
        Files.writeString(dir.resolve("guid2mkey"), "junk\n".repeat(50));
        MKeyStore s = MKeyStore.load(dir);
        assertThat(s.problems()).hasSize(21).last().asString().contains("30 more lines");
    }

    @Test
    void anUnreadableFileIsMovedAsideAndTheStoreStartsEmpty() throws Exception {
        Path file = dir.resolve("guid2mkey");
        byte[] bytes = "0x0000000000000001 0x00000000000000\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(file, bytes);
        MKeyStore s = MKeyStore.load(dir);
        assertThat(s.size()).isZero();
        assertThat(s.setAside()).contains("bytes that are not ASCII", "moved aside to " + dir.resolve("guid2mkey.bad-"),
                "every port is taken to hold the M_Key m_key gives it",
                "a new guid2mkey is written at the first sweep");
        assertThat(file).doesNotExist();
        try (var aside = Files.list(dir)) {
            Path kept = aside.filter(p -> p.getFileName().toString().startsWith("guid2mkey.bad-")).findFirst()
                    .orElseThrow();
            assertThat(Files.readAllBytes(kept)).isEqualTo(bytes);
        }
        s.put(5L, 7L);
        assertThat(s.flushIfDirty(false)).isTrue();
        assertThat(MKeyStore.load(dir).get(5L)).isEqualTo(7L);
    }

    @Test
    void aDirectoryInItsPlaceIsMovedAsideToo() throws Exception {
        Files.createDirectory(dir.resolve("guid2mkey"));
        MKeyStore s = MKeyStore.load(dir);
        assertThat(s.setAside()).contains("it is a directory");
        assertThat(dir.resolve("guid2mkey")).doesNotExist();
    }

    @Test
    void fewKeysAreTheDistinctKeysUntilThereAreTooMany() {
        MKeyStore s = MKeyStore.empty(dir);
        s.put(1L, 0xaL);
        s.put(2L, 0xaL);
        s.put(3L, 0xbL);
        assertThat(s.fewKeys(3)).containsExactly(0xaL, 0xbL);
        s.put(4L, 0xcL);
        s.put(5L, 0xdL);
        assertThat(s.fewKeys(3)).isEmpty();
    }
}
