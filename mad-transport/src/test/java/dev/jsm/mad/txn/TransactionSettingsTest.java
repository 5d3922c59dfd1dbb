package dev.jsm.mad.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Settings defaults and validation, stats slots, filters and outcome accessors. */
class TransactionSettingsTest {

    @Test
    void defaultsAreOpenSms() {
        TransactionSettings d = TransactionSettings.defaults();
        assertThat(d.maxWireSmps()).isEqualTo(4);
        assertThat(d.maxWireSmps2()).isEqualTo(4);
        assertThat(d.maxSmpsTimeout()).isEqualTo(Duration.ofNanos(600_000_000));
        assertThat(d.transactionTimeout()).isEqualTo(Duration.ofMillis(200));
        assertThat(d.transactionRetries()).isEqualTo(3);
        assertThat(d.longTransactionTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(d.widens()).isFalse();
        assertThat(d.withWindow(0).windowLimit()).isEqualTo(Integer.MAX_VALUE);
        assertThat(d.withWidening(0, 8, Duration.ofMillis(1)).widens()).as("unlimited never widens").isFalse();
        assertThat(d.withWidening(4, 8, Duration.ofMillis(1)).widens()).isTrue();
    }

    @Test
    void rejectsNegativeCountsAndNonPositiveDurations() {
        assertThatThrownBy(() -> TransactionSettings.defaults().withWindow(-1))
                .hasMessageContaining("max_wire_smps -1");
        assertThatThrownBy(() -> TransactionSettings.defaults().withTimeout(Duration.ZERO, 3))
                .hasMessageContaining("transaction_timeout");
        assertThatThrownBy(() -> TransactionSettings.defaults().withTimeout(Duration.ofMillis(1), -1))
                .hasMessageContaining("transaction_retries -1");
    }

    @Test
    void theLongTransactionTimeoutIsNeverShorterThanTheTransactionTimeout() {
        TransactionSettings d = TransactionSettings.defaults();
        assertThat(d.withTimeout(Duration.ofSeconds(1), 3).longTransactionTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(d.withLongTimeout(Duration.ofSeconds(2)).withTimeout(Duration.ofSeconds(1), 3)
                .longTransactionTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(new TransactionSettings(4, 4, Duration.ofMillis(1), Duration.ofMillis(700), 3)
                .longTransactionTimeout()).isEqualTo(Duration.ofMillis(700));
        assertThatThrownBy(() -> d.withLongTimeout(Duration.ofMillis(100)))
                .hasMessageContaining("long_transaction_timeout");
    }

    @Test
    void attributeSlotsSeparateIbaAndVendorIds() {
        assertThat(TransactionStats.attributeSlot(0x0011)).isEqualTo(0x11);
        assertThat(TransactionStats.attributeSlot(0xFF90)).isEqualTo(0x190);
        assertThat(TransactionStats.attributeSlot(0x1234)).isEqualTo(0x200);
        long[] counts = new long[TransactionStats.ATTRIBUTE_SLOTS];
        counts[0x11] = 5;
        TransactionStats s = new TransactionStats(5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, counts);
        counts[0x11] = 99;
        assertThat(s.sentOfAttribute(0x11)).as("copied in").isEqualTo(5);
        assertThat(s.toString()).contains("sent[0x0011] 5");
        assertThatThrownBy(() -> new TransactionStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, new long[3]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unsolicitedFiltersTakeRequestMethodsOnly() {
        assertThatThrownBy(() -> new UnsolicitedFilter(0x03, 0x81, UnsolicitedFilter.ANY_ATTRIBUTE))
                .hasMessageContaining("method 0x81");
        assertThat(new UnsolicitedFilter(0x01, 0x05, 0x0002).attributeId()).isEqualTo(2);
    }

    @Test
    void unsolicitedFiltersAreEqualByClassMethodAndAttribute() {
        UnsolicitedFilter f = new UnsolicitedFilter(0x01, 0x05, UnsolicitedFilter.ANY_ATTRIBUTE);
        assertThat(f).isEqualTo(new UnsolicitedFilter(0x01, 0x05, UnsolicitedFilter.ANY_ATTRIBUTE))
                .hasSameHashCodeAs(new UnsolicitedFilter(0x01, 0x05, UnsolicitedFilter.ANY_ATTRIBUTE))
                .isNotEqualTo(new UnsolicitedFilter(0x03, 0x05, UnsolicitedFilter.ANY_ATTRIBUTE))
                .isNotEqualTo(new UnsolicitedFilter(0x01, 0x01, UnsolicitedFilter.ANY_ATTRIBUTE))
                .isNotEqualTo(new UnsolicitedFilter(0x01, 0x05, 0x0002)).isNotEqualTo(null);
    }
}
