package dev.jsm.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * C's base-0 number rules with the whole token consumed and overflow an error. Every row names the rule it checks;
 * values are written as unsigned decimals.
 */
class CNumberTest {

    @ParameterizedTest(name = "{0} = {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # text                  | value                | rule
            0x1F                    | 31                   | 0x: hexadecimal
            0X1f                    | 31                   | 0X too, hex digits in either case
            0x0                     | 0                    | hexadecimal zero
            0xffffffffffffffff      | 18446744073709551615 | 2^64-1 in hexadecimal
            010                     | 8                    | a leading 0: octal
            00                      | 0                    | octal zero
            01777777777777777777777 | 18446744073709551615 | 2^64-1 in octal
            0                       | 0                    | a lone 0 is decimal
            42                      | 42                   | decimal
            18446744073709551615    | 18446744073709551615 | 2^64-1 in decimal
            """)
    void readsTheThreeForms(String text, String value, String rule) {
        assertThat(CNumber.parseUnsigned(text)).as(rule).isEqualTo(Long.parseUnsignedLong(value));
        assertThat(CNumber.tryParseUnsigned(text, -1)).as(rule).hasValue(Long.parseUnsignedLong(value));
    }

    @ParameterizedTest(name = "''{0}'': {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # text                  | rule
            ''                      | empty
            0x                      | 0x without digits
            0X                      | 0X without digits
            08                      | 8 is not an octal digit
            1a                      | trailing junk
            1e3                     | no exponent
            0x1g                    | g is not a hex digit
            0x-1                    | no sign after 0x
            '1 '                    | no trailing blank
            ' 1'                    | no leading blank
            +1                      | no plus sign
            -1                      | no minus sign
            \u0661                  | Arabic-Indic one: ASCII digits only
            0x\u0661                | Arabic-Indic one after 0x
            \uff11                  | fullwidth one
            0x\uff21                | fullwidth A
            18446744073709551616    | 2^64 in decimal overflows
            0x10000000000000000     | 2^64 in hexadecimal overflows
            02000000000000000000000 | 2^64 in octal overflows
            """)
    void rejectsWhatIsNotAWholeNumber(String text, String rule) {
        assertThatThrownBy(() -> CNumber.parseUnsigned(text)).as(rule).isInstanceOf(NumberFormatException.class);
        assertThat(CNumber.tryParseUnsigned(text, -1)).as(rule).isEmpty();
    }

    @ParameterizedTest(name = "{0} <= {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # text             | max                  | accepted | rule
            0xffff             | 65535                | true     | at the bound
            65535              | 65535                | true     | at the bound, decimal
            0177777            | 65535                | true     | at the bound, octal
            0x10000            | 65535                | false    | one above the bound
            65536              | 65535                | false    | one above, decimal
            0                  | 0                    | true     | a bound of 0 admits 0
            1                  | 0                    | false    | and nothing else
            0xffffffffffffffff | 18446744073709551615 | true     | max -1 admits all 64 bits
            0x8000000000000000 | 9223372036854775807  | false    | the bound compares unsigned
            """)
    void tryParseUnsignedKeepsToTheBound(String text, String max, boolean accepted, String rule) {
        var value = CNumber.tryParseUnsigned(text, Long.parseUnsignedLong(max));
        if (accepted) {
            assertThat(value).as(rule).hasValue(CNumber.parseUnsigned(text));
        } else {
            assertThat(value).as(rule).isEmpty();
        }
    }

    @ParameterizedTest(name = "hex {0} = {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # text           | value                | rule
            fe80000000000000 | 18338657682652659712 | -g, -k: hexadecimal without a prefix
            0xFE             | 254                  | with 0x
            0XfE             | 254                  | with 0X
            010              | 16                   | a leading 0 is not octal here
            ffffffffffffffff | 18446744073709551615 | 2^64-1
            """)
    void parseHexReadsBase16(String text, String value, String rule) {
        assertThat(CNumber.parseHex(text)).as(rule).isEqualTo(Long.parseUnsignedLong(value));
    }

    @ParameterizedTest(name = "hex ''{0}'': {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # text            | rule
            ''                | empty
            0x                | prefix only
            g                 | not a hex digit
            \u0661            | Arabic-Indic one
            10000000000000000 | 2^64 overflows
            -1                | no sign
            """)
    void parseHexRejectsJunk(String text, String rule) {
        assertThatThrownBy(() -> CNumber.parseHex(text)).as(rule).isInstanceOf(NumberFormatException.class);
    }

    @ParameterizedTest(name = "signed {0} = {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # text               | value                | rule
            -1                   | -1                   | a minus sign
            -0x10                | -16                  | base-0 rules after the minus
            -010                 | -8                   | octal after the minus
            9223372036854775807  | 9223372036854775807  | 2^63-1
            -9223372036854775807 | -9223372036854775807 | -(2^63-1)
            """)
    void parseSignedTakesAMinus(String text, long value, String rule) {
        assertThat(CNumber.parseSigned(text)).as(rule).isEqualTo(value);
    }

    @ParameterizedTest(name = "signed ''{0}'': {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # text               | rule
            -                    | minus only
            --1                  | two minus signs
            +1                   | no plus sign
            9223372036854775808  | 2^63 does not fit
            -9223372036854775808 | the magnitude must fit 63 bits
            """)
    void parseSignedRejectsJunk(String text, String rule) {
        assertThatThrownBy(() -> CNumber.parseSigned(text)).as(rule).isInstanceOf(NumberFormatException.class);
    }

    @ParameterizedTest(name = "{1} {0} = {2}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # text                 | base           | value                | rule
            0x1F                   | HEX_OR_DECIMAL | 31                   | 0x: hexadecimal
            010                    | HEX_OR_DECIMAL | 10                   | a leading 0 is decimal, not octal
            18446744073709551615   | HEX_OR_DECIMAL | 18446744073709551615 | 2^64-1 in decimal
            fe80                   | HEX            | 65152                | hexadecimal without a prefix
            0XfE                   | HEX            | 254                  | hexadecimal with 0X
            010                    | DECIMAL        | 10                   | a leading 0 is decimal
            0000000000000000000042 | DECIMAL        | 42                   | leading zeros do not overflow
            010                    | C              | 8                    | octal in C's base 0
            """)
    void eachBaseReadsItsForms(String text, CNumber.Base base, String value, String rule) {
        assertThat(CNumber.parseUnsigned(text, base)).as(rule).isEqualTo(Long.parseUnsignedLong(value));
    }

    @ParameterizedTest(name = "{1} ''{0}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # text                | base           | rule
            08                    | C              | 8 is not an octal digit in base 0
            0xg                   | HEX_OR_DECIMAL | g is not a hex digit
            1a                    | HEX_OR_DECIMAL | no hex without 0x
            0x                    | HEX_OR_DECIMAL | 0x without digits
            +1                    | HEX_OR_DECIMAL | no plus sign
            -1                    | HEX_OR_DECIMAL | no minus sign
            0x+1                  | HEX_OR_DECIMAL | no sign after 0x
            \u0661                | HEX_OR_DECIMAL | Arabic-Indic one: ASCII digits only
            0x                    | HEX            | prefix only
            0x1f                  | DECIMAL        | no 0x in decimal
            18446744073709551616  | DECIMAL        | 2^64 overflows
            """)
    void eachBaseRejectsTheRest(String text, CNumber.Base base, String rule) {
        assertThatThrownBy(() -> CNumber.parseUnsigned(text, base)).as(rule)
                .isInstanceOf(NumberFormatException.class);
    }

    @ParameterizedTest(name = "{1} ''{0}'' in {2} digits: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # text                | base           | max | accepted | rule
            0x0002c90300a1b2c3    | HEX            | 16  | true     | a GUID: 16 digits after 0x
            2c90300a1b2c3         | HEX            | 16  | true     | fewer without a prefix
            0x00002c90300a1b2c3   | HEX            | 16  | false    | leading zeros count
            0xbfff                | HEX_OR_DECIMAL | 5   | true     | a LID in hex
            49151                 | HEX_OR_DECIMAL | 5   | true     | a LID in decimal
            000001                | HEX_OR_DECIMAL | 5   | false    | six digits
            0777                  | C              | 3   | true     | octal digits after the 0
            """)
    void maxDigitsCountsTheDigitsAfterThePrefix(String text, CNumber.Base base, int max, boolean accepted,
                                                String rule) {
        if (accepted) {
            assertThat(CNumber.parseUnsigned(text, base, max)).as(rule).isEqualTo(CNumber.parseUnsigned(text, base));
        } else {
            assertThatThrownBy(() -> CNumber.parseUnsigned(text, base, max)).as(rule)
                    .isInstanceOf(NumberFormatException.class);
        }
    }

    @Test
    void parseBigReadsBeyond64Bits() {
        String mask = "0x" + "f".repeat(64);

        assertThat(CNumber.parseBig(mask, CNumber.Base.HEX, 64)).isEqualTo(BigInteger.TWO.pow(256).subtract(
                BigInteger.ONE));
        assertThat(CNumber.parseBig("12", CNumber.Base.HEX, 64)).isEqualTo(BigInteger.valueOf(0x12));
        assertThatThrownBy(() -> CNumber.parseBig(mask + "0", CNumber.Base.HEX, 64))
                .isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> CNumber.parseBig("0x\uff11", CNumber.Base.HEX, 64))
                .isInstanceOf(NumberFormatException.class);
    }

    @ParameterizedTest(name = "signed decimal {0} = {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # text  | value
            -12     | -12
            -012    | -12
            012     | 12
            """)
    void parseSignedTakesTheBaseAfterTheMinus(String text, long value) {
        assertThat(CNumber.parseSigned(text, CNumber.Base.DECIMAL)).isEqualTo(value);
        assertThatThrownBy(() -> CNumber.parseSigned("-0x10", CNumber.Base.DECIMAL))
                .isInstanceOf(NumberFormatException.class);
    }
}
