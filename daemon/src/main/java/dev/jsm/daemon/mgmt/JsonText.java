package dev.jsm.daemon.mgmt;

/**
 * A small JSON writer for the web console's endpoints: objects, arrays, strings, numbers and booleans appended in
 * order, commas placed by the writer. Callers keep the nesting right; {@link #toString} gives the text.
 *
 * <p>Not thread-safe; one per answer.
 */
final class JsonText {

    private final StringBuilder out;
    private boolean needComma;

    JsonText(int capacity) {
        out = new StringBuilder(capacity);
    }

    /** Starts an object, as a value or (with a name) as a field. */
    JsonText beginObject(String name) {
        name(name);
        out.append('{');
        needComma = false;
        return this;
    }

    JsonText endObject() {
        out.append('}');
        needComma = true;
        return this;
    }

    /** Starts an array, as a value or (with a name) as a field. */
    JsonText beginArray(String name) {
        name(name);
        out.append('[');
        needComma = false;
        return this;
    }

    JsonText endArray() {
        out.append(']');
        needComma = true;
        return this;
    }

    /** A string field, or a string value when {@code name} is {@code null}; {@code null} writes JSON null. */
    JsonText string(String name, String value) {
        name(name);
        if (value == null) {
            out.append("null");
        } else {
            StatusJson.quote(out, value);
        }
        needComma = true;
        return this;
    }

    /** A number field, or a number value when {@code name} is {@code null}. */
    JsonText number(String name, long value) {
        name(name);
        out.append(value);
        needComma = true;
        return this;
    }

    /** A decimal field with at most three decimals; NaN and infinities write JSON null. */
    JsonText decimal(String name, double value) {
        name(name);
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            out.append("null");
        } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            out.append((long) value);
        } else {
            out.append(Math.round(value * 1000) / 1000.0);
        }
        needComma = true;
        return this;
    }

    JsonText bool(String name, boolean value) {
        name(name);
        out.append(value);
        needComma = true;
        return this;
    }

    private void name(String name) {
        if (needComma) {
            out.append(',');
        }
        if (name != null) {
            StatusJson.quote(out, name);
            out.append(':');
        }
        needComma = false;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
