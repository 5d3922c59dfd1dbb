package dev.jsm.daemon.log;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;

class LogLevelsTest {

    @Test
    void eachLevelCarriesItsOpenSmBit() {
        assertThat(LogLevels.flagOf(Level.ERROR)).isEqualTo(0x01);
        assertThat(LogLevels.flagOf(Level.WARN)).isEqualTo(0x01);
        assertThat(LogLevels.flagOf(Level.INFO)).isEqualTo(0x02);
        assertThat(LogLevels.flagOf(LogLevels.VERBOSE)).isEqualTo(0x04);
        assertThat(LogLevels.flagOf(Level.DEBUG)).isEqualTo(0x08);
        assertThat(LogLevels.flagOf(Level.TRACE)).isEqualTo(0x10);
        assertThat(LogLevels.flagOf(LogLevels.FRAMES)).isEqualTo(0x20);
        assertThat(LogLevels.flagOf(LogLevels.SYS)).isEqualTo(0x80);
    }

    @Test
    void thresholdIsTheLeastSevereEnabledLevel() {
        assertThat(LogLevels.threshold(0x03)).isEqualTo(Level.INFO);
        assertThat(LogLevels.threshold(0x83)).isEqualTo(Level.INFO);
        assertThat(LogLevels.threshold(0x07)).isEqualTo(LogLevels.VERBOSE);
        assertThat(LogLevels.threshold(0xFF)).isEqualTo(LogLevels.FRAMES);
        assertThat(LogLevels.threshold(0x80)).isEqualTo(LogLevels.SYS);
        assertThat(LogLevels.threshold(0x40)).isEqualTo(Level.OFF);
    }
}
