package dev.jsm.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.partitions.PartitionPolicy.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The last good partition set stays in force when the file goes bad. */
class PartitionPolicyTest {

    @TempDir
    Path dir;

    @Test
    void badFileAfterAGoodOneKeepsTheGoodOne() throws Exception {
        Path file = dir.resolve("partitions.conf");
        Files.writeString(file, "Default=0x7fff : ALL=limited, SELF=full;\nP=0x8001 : ALL=full;\n");
        PartitionPolicy policy = new PartitionPolicy(file);
        PartitionPolicy.Reload first = policy.reload();
        assertThat(first.outcome()).isEqualTo(Outcome.LOADED);
        assertThat(first.isError()).isFalse();
        PartitionConfig good = policy.current();
        assertThat(good.statements()).hasSize(3);

        assertThat(policy.reload().outcome()).isEqualTo(Outcome.UNCHANGED);

        Files.writeString(file, "Default=0x7fff : ALL=limited, SELF=full;\nP=0x8001 : ALL=full\n");
        PartitionPolicy.Reload bad = policy.reload();
        assertThat(bad.outcome()).isEqualTo(Outcome.KEPT_LAST_GOOD);
        assertThat(bad.isError()).isTrue();
        assertThat(bad.repeated()).isFalse();
        assertThat(bad.error().line()).isEqualTo(3);
        assertThat(bad.message()).startsWith(file + ":3:1: expected ';'").contains("stays in force");
        assertThat(policy.current()).isSameAs(good);
        assertThat(policy.reload().repeated()).isTrue();

        Files.writeString(file, "P=0x8002 : SELF=full;\n");
        PartitionPolicy.Reload fixed = policy.reload();
        assertThat(fixed.outcome()).isEqualTo(Outcome.LOADED);
        assertThat(policy.current().statements().get(1).pkey()).isEqualTo(2);
    }

    @Test
    void badFileOnFirstStartFallsBackToTheNoFileDefaultLoudly() throws Exception {
        Path file = dir.resolve("partitions.conf");
        Files.writeString(file, "P=0x8001 : 0xzz;\n");
        PartitionPolicy policy = new PartitionPolicy(file);
        PartitionPolicy.Reload r = policy.reload();
        assertThat(r.outcome()).isEqualTo(Outcome.DEFAULT_AFTER_ERROR);
        assertThat(r.message()).contains(":1:12:", "NO PARTITION POLICY FROM", "ALL=full");
        assertThat(policy.current()).isSameAs(PartitionConfig.noFile());
    }

    @Test
    void missingFileMeansTheNoFileDefault() throws Exception {
        Path file = dir.resolve("absent.conf");
        PartitionPolicy policy = new PartitionPolicy(file);
        PartitionPolicy.Reload r = policy.reload();
        assertThat(r.outcome()).isEqualTo(Outcome.NO_FILE);
        assertThat(r.message()).contains("not found");
        assertThat(policy.reload().message()).as("said once").isNull();
        Files.writeString(file, "Default=0x7fff : SELF=full;");
        assertThat(policy.reload().outcome()).isEqualTo(Outcome.LOADED);
        Files.delete(file);
        assertThat(policy.reload().message()).contains("not found");
        assertThat(policy.current().fromFile()).isFalse();
    }

    @Test
    void aFileWithoutStatementsMeansTheNoFileDefaultAsInOpenSm() throws Exception {
        Path file = dir.resolve("partitions.conf");
        Files.writeString(file, "P=0x8001 : SELF=full;");
        PartitionPolicy policy = new PartitionPolicy(file);
        policy.reload();
        for (String text : new String[] {"", "# nothing here\n\n   # nor here\n", " \t\n"}) {
            Files.writeString(file, text);
            PartitionPolicy.Reload r = policy.reload();
            assertThat(r.outcome()).as("'%s'", text).isEqualTo(Outcome.NO_STATEMENTS);
            assertThat(r.isError()).isFalse();
            assertThat(r.message()).contains("no partition statement", "ALL=full");
            assertThat(policy.current()).isSameAs(PartitionConfig.noFile());
            assertThat(policy.reload().outcome()).as("said once").isEqualTo(Outcome.UNCHANGED);
            Files.writeString(file, "P=0x8001 : SELF=full;");
            assertThat(policy.reload().outcome()).isEqualTo(Outcome.LOADED);
        }
        Files.writeString(file, "# comments only\n");
        policy.reload();
        PartitionSet set = PartitionResolver.resolve(policy.current(), TestFabric.examples(), TestFabric.SM, false,
                false);
        assertThat(set.pkeysOf(0x123451L)).as("every port a full member of 0x7fff: P_Key 0xffff")
                .containsExactly(0xFFFF);
    }

    @Test
    void unreadableFileIsAnErrorThatKeepsTheLastGoodSet() throws Exception {
        Path file = dir.resolve("partitions.conf");
        Files.writeString(file, "P=0x8001 : SELF=full;");
        PartitionPolicy policy = new PartitionPolicy(file);
        policy.reload();
        Files.delete(file);
        Files.createDirectory(file);
        PartitionPolicy.Reload r = policy.reload();
        assertThat(r.outcome()).isEqualTo(Outcome.KEPT_LAST_GOOD);
        assertThat(r.message()).startsWith("cannot read partition file");
        assertThat(policy.current().statements()).hasSize(2);
    }
}
