package dev.jsm.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Every parse error names file, line, column and what was expected; warnings carry positions too. */
class PartitionsParserErrorTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "Default=0x7fff ALL;                 | 1 | 1  | partition definition",
        "P=0xzz : ALL;                       | 1 | 3  | expected a P_Key",
        "P=0x18001 : ALL;                    | 1 | 3  | at most 16 bits",
        "P= : ALL;                           | 1 | 4  | expected a P_Key",
        "P, : ALL;                           | 1 | 4  | expected a partition flag",
        "P,mtu=9 : ALL;                      | 1 | 7  | MTU code 1-5",
        "P,mtu : ALL;                        | 1 | 3  | found no '='",
        "P,sl=x : ALL;                       | 1 | 6  | service level",
        "P,scope=0 : ALL;                    | 1 | 9  | scope 1-15",
        "P : 0xgg;                           | 1 | 5  | expected a port GUID",
        "P : 0;                              | 1 | 5  | not 0",
        "P : ALL=;                           | 1 | 9  | full, limited or both",
        "P : =full;                          | 1 | 5  | before '='",
        "P : ALL:full;                       | 1 | 5  | expected a port GUID",
        "P : mgid=zz;                        | 1 | 10 | IPv6 form",
        "P : mgid=;                          | 1 | 10 | multicast GID",
        "P : mgid=ff12::1,;                  | 1 | 18 | group flag",
        "P : mgid=ff12::1,rate=0;            | 1 | 23 | rate code",
        ";                                   | 1 | 1  | partition definition",
        "P : ALL;;                           | 1 | 9  | partition definition",
        "P : 0x18446744073709551616;         | 1 | 5  | port GUID",
        "P : 0x1 0x2;                        | 1 | 5  | port GUID",
    })
    void errorPositions(String text, int line, int column, String expected) {
        assertThatThrownBy(() -> PartitionConfig.parse(text, "p.conf"))
                .isInstanceOfSatisfying(PartitionsParseException.class, e -> {
                    assertThat(e.source()).isEqualTo("p.conf");
                    assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
                    assertThat(e.column()).as(e.getMessage()).isEqualTo(column);
                    assertThat(e.problem()).contains(expected);
                    assertThat(e.getMessage()).startsWith("p.conf:" + line + ":" + column + ": ");
                });
    }

    @Test
    void errorOnALaterLine() {
        assertThatThrownBy(() -> PartitionConfig.parse("A : ALL;\nB : SELF,\n  0x0;", "p.conf"))
                .hasMessage("p.conf:3:3: expected a port GUID (0x... or decimal, not 0) or ALL, ALL_CAS, ALL_VCAS,"
                        + " ALL_SWITCHES, ALL_ROUTERS, SELF, NONE, or mgid=, found '0x0'");
    }

    @Test
    void definitionAndColonMustShareALine() {
        assertThatThrownBy(() -> PartitionConfig.parse("A\n: ALL;", "p.conf"))
                .hasMessageStartingWith("p.conf:1:1: expected a partition definition");
    }

    @Test
    void unterminatedStatementAtEndOfFile() {
        assertThatThrownBy(() -> PartitionConfig.parse("A : ALL;\nB : SELF,\n  ALL=full\n", "p.conf"))
                .hasMessage("p.conf:4:1: expected ';' to end the partition definition started on line 2, found the"
                        + " end of the file");
    }

    @Test
    void warningsKeepTheirPositions() throws Exception {
        PartitionConfig cfg = PartitionConfig.parse("P,foo,ipoib=1 : ALL=fool,\n mgid=ff12::1,bar=2;", "w.conf");
        assertThat(cfg.warnings()).extracting(ParseWarning::toString).containsExactly(
                "w.conf:1:3: unrecognized partition flag 'foo' ignored",
                "w.conf:1:13: flag 'ipoib' takes no value; '1' ignored",
                "w.conf:1:21: unrecognized membership 'fool', assuming limited",
                "w.conf:2:15: unrecognized mgroup flag 'bar' ignored");
        assertThat(cfg.statements().get(1).ports()).singleElement()
                .extracting(PortSelector::membership).isEqualTo(Membership.LIMITED);
    }

    @Test
    void ipGroupsThatDoNotMatchTheirPartitionAreSkippedWithAWarning() throws Exception {
        PartitionConfig cfg = PartitionConfig.parse("P=0x10,ipoib : SELF=full,\n mgid=ff12:401b:8011::1\n"
                + " mgid=ff12:401b::2,mtu=5\n mgid=fe80::1\n mgid=ff12:401b:8010::3;", "g.conf");
        assertThat(cfg.warnings()).extracting(ParseWarning::line).containsExactly(2, 3, 4);
        assertThat(cfg.statements().get(1).groups()).extracting(g -> g.mgid().toString())
                .containsExactly("ff12:401b:8010::ffff:ffff", "ff12:401b:8010::3");
    }

    @Test
    void byteOrderMarkCrLfAndNoBreakSpacesAreBlanks() throws Exception {
        PartitionConfig cfg = PartitionConfig.parse("\uFEFFDefault=0x7fff : ALL=full ;\r\nP=1\u00a0: SELF ;\r\n",
                "b.conf");
        assertThat(cfg.statements()).extracting(PartitionStatement::pkey).containsExactly(0x7fff, 0x7fff, 1);
        assertThat(cfg.warnings()).isEmpty();
    }

    @Test
    void longTextIsCutInMessages() {
        assertThatThrownBy(() -> PartitionConfig.parse("P : " + "x".repeat(100) + ";", "l.conf"))
                .hasMessageEndingWith("found '" + "x".repeat(37) + "...'");
    }
}
