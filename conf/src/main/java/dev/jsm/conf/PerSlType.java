package dev.jsm.conf;

import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-SL options written as {@code name <sl> <value>}, one line per SL; the option may appear several times, each
 * line setting one SL (the SLs no line names keep their default 0). The writer emits one line per SL whose value is
 * not 0, or the line for SL 0 when all are 0 (as OpenSM does, so the option is visible in the file).
 *
 * <p>Immutable; safe to share.
 */
public final class PerSlType implements OptionType<PerSlValues> {

    private final IntType valueType;

    private PerSlType(IntType valueType) {
        this.valueType = valueType;
    }

    /** Per-SL values of the given range. */
    public static PerSlType of(IntType valueType) {
        return new PerSlType(valueType);
    }

    @Override
    public boolean multiValued() {
        return true;
    }

    @Override
    public PerSlValues parse(String text) throws BadValueException {
        return parseOnto(PerSlValues.ZERO, text);
    }

    @Override
    public PerSlValues parseOnto(PerSlValues current, String text) throws BadValueException {
        String[] parts = text.strip().split("[ \t]+");
        if (parts.length != 2) {
            throw bad(text);
        }
        long sl;
        try {
            sl = CNumber.parseUnsigned(parts[0]);
        } catch (NumberFormatException e) {
            throw bad(text);
        }
        if (sl < 0 || sl >= PerSlValues.SL_COUNT) {
            throw bad(text);
        }
        long value;
        try {
            value = valueType.parse(parts[1]);
        } catch (BadValueException e) {
            throw bad(text);
        }
        return current.with((int) sl, value);
    }

    @Override
    public String format(PerSlValues value) {
        return value.toString();
    }

    @Override
    public List<String> formatLines(PerSlValues value) {
        List<String> lines = new ArrayList<>();
        for (int sl = 0; sl < PerSlValues.SL_COUNT; sl++) {
            if (value.get(sl) != 0) {
                lines.add(sl + " " + value.get(sl));
            }
        }
        return lines.isEmpty() ? List.of("0 0") : lines;
    }

    @Override
    public boolean accepts(PerSlValues value) {
        if (value == null) {
            return false;
        }
        for (int sl = 0; sl < PerSlValues.SL_COUNT; sl++) {
            if (!valueType.accepts(value.get(sl))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String expected() {
        return "an SL (0..15) and a value (" + valueType.expected() + ")";
    }

    @Override
    public Class<PerSlValues> valueClass() {
        return PerSlValues.class;
    }
}
