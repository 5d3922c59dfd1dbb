package dev.jsm.conf;

import java.util.ArrayList;
import java.util.List;

/**
 * The congestion control table option {@code cc_cct}: up to 128 comma-separated {@code shift:multiplier} entries, or
 * {@code (null)} for none. Values are immutable lists; the empty list is {@code (null)}.
 *
 * <p>Immutable; safe to share.
 */
public final class CctTableType implements OptionType<List<CctEntry>> {

    /** The only instance. */
    public static final CctTableType INSTANCE = new CctTableType();

    /** The most entries a table may have (OpenSM's {@code OSM_CCT_ENTRY_MAX}). */
    public static final int MAX_ENTRIES = 128;

    private CctTableType() {
    }

    @Override
    public List<CctEntry> parse(String text) throws BadValueException {
        if (TextType.NULL_TEXT.equals(text)) {
            return List.of();
        }
        List<CctEntry> entries = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            CctEntry entry = CctEntry.parseOrNull(p);
            if (entry == null || entries.size() == MAX_ENTRIES) {
                throw bad(text);
            }
            entries.add(entry);
        }
        if (entries.isEmpty()) {
            throw bad(text);
        }
        return List.copyOf(entries);
    }

    @Override
    public String format(List<CctEntry> value) {
        if (value.isEmpty()) {
            return TextType.NULL_TEXT;
        }
        StringBuilder sb = new StringBuilder();
        for (CctEntry e : value) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(e);
        }
        return sb.toString();
    }

    @Override
    public boolean accepts(List<CctEntry> value) {
        if (value == null || value.size() > MAX_ENTRIES) {
            return false;
        }
        for (CctEntry e : value) {
            if (e == null) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String expected() {
        return "(null) or 1 to 128 comma-separated shift:multiplier entries (shift 0..3, multiplier 0..16383)";
    }

    @SuppressWarnings("unchecked")
    @Override
    public Class<List<CctEntry>> valueClass() {
        return (Class<List<CctEntry>>) (Class<?>) List.class;
    }
}
