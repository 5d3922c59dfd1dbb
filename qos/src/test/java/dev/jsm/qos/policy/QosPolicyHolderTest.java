package dev.jsm.qos.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The last good policy stays in force when a re-read file has an error. */
class QosPolicyHolderTest {

    @TempDir
    Path dir;

    @Test
    void lastGoodPolicyStaysInForceAcrossABadEdit() throws IOException {
        Path file = dir.resolve("qos-policy.conf");
        QosPolicyHolder holder = new QosPolicyHolder();
        Files.writeString(file, SeedExamples.text("edc-3tier.conf"));

        QosPolicyHolder.Outcome first = holder.reload(file);
        assertThat(first.status()).isEqualTo(QosPolicyHolder.Status.LOADED);
        QosPolicy good = holder.current();
        assertThat(good.rules()).hasSize(4);
        assertThat(holder.reload(file).status()).isEqualTo(QosPolicyHolder.Status.UNCHANGED);
        assertThat(holder.current()).isSameAs(good);

        Files.writeString(file, "qos-ulps\n  default : 0\n  rds : 16\nend-qos-ulps\n");
        QosPolicyHolder.Outcome bad = holder.reload(file);

        assertThat(bad.status()).isEqualTo(QosPolicyHolder.Status.REJECTED);
        assertThat(bad.inForce()).isSameAs(good);
        assertThat(holder.current()).isSameAs(good);
        assertThat(bad.message()).startsWith(file + ":3:9: expected an SL (0-15), found 16")
                .contains("keeping the last good policy");

        Files.writeString(file, SeedExamples.text("simple-shortest.conf"));
        assertThat(holder.reload(file).status()).isEqualTo(QosPolicyHolder.Status.LOADED);
        assertThat(holder.current().rules()).isEmpty();
    }

    @Test
    void missingFileMeansNoPolicyAndAFirstBadFileLeavesNone() throws IOException {
        Path file = dir.resolve("qos-policy.conf");
        QosPolicyHolder holder = new QosPolicyHolder();

        QosPolicyHolder.Outcome absent = holder.reload(file);
        assertThat(absent.status()).isEqualTo(QosPolicyHolder.Status.ABSENT);
        assertThat(holder.current()).isNull();

        Files.writeString(file, "qos-ulps\n");
        QosPolicyHolder.Outcome bad = holder.reload(file);
        assertThat(bad.status()).isEqualTo(QosPolicyHolder.Status.REJECTED);
        assertThat(bad.message()).endsWith("; no QoS policy in force");
        assertThat(holder.current()).isNull();

        Files.writeString(file, SeedExamples.text("simple-shortest.conf"));
        holder.reload(file);
        Files.delete(file);
        assertThat(holder.reload(file).status()).isEqualTo(QosPolicyHolder.Status.ABSENT);
        assertThat(holder.current()).isNull();
    }
}
