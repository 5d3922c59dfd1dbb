package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
