package dev.jsm.conf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * Writes a complete, commented {@code opensm.conf} from {@link OptionTable}: every option, in OpenSM's order and
 * sections, with its description, what jsm does not do of it ({@link OptionStatusTable}), allowed values, default and
 * whether it needs a restart, set to the value it has in the given {@link SmOptions}. The output reads back with
 * {@link OpenSmConfReader} without any warning; it is what {@code -c FILE} writes.
 *
 * <p>Stateless; safe to share.
 */
public final class ConfWriter {

    private ConfWriter() {
    }

    /**
     * The file text for some options.
     *
     * @param options the values to write
     * @return the whole file
     */
    public static String render(SmOptions options) {
        StringBuilder out = new StringBuilder();
        out.append("# Subnet manager options in OpenSM's opensm.conf format (OpenSM 3.3.23 option names).\n")
                .append("# One 'name value' per line; '#' starts a comment; (null) leaves a text option unset.\n")
                .append("# Options marked 'needs a restart' are read at start-up only; the others are re-read\n")
                .append("# from this file at every heavy sweep. Options marked 'not implemented in jsm' are read\n")
                .append("# and kept but change nothing; 'partly implemented in jsm' says what is missing.\n\n");
        OptionGroup group = null;
        for (Option<?> option : OptionTable.known()) {
            if (option.group() != group) {
                group = option.group();
                appendHeader(out, group);
            }
            appendOption(out, option, options);
        }
        return out.toString();
    }

    /**
     * Writes the file for some options, replacing the target in one step (temporary file, then rename).
     *
     * @param options the values to write
     * @param file the file to write
     * @throws IOException if the file cannot be written
     */
    public static void write(SmOptions options, Path file) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path dir = absolute.getParent();
        Path tmp = Files.createTempFile(dir, absolute.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, render(options), StandardCharsets.UTF_8);
            Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static String capitalised(String words) {
        return Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }

    private static void appendHeader(StringBuilder out, OptionGroup group) {
        if (group.subsection()) {
            out.append("# --- ").append(group.title()).append(" ---\n\n");
        } else {
            out.append("#\n# ").append(group.title()).append("\n#\n\n");
        }
    }

    private static <T> void appendOption(StringBuilder out, Option<T> option, SmOptions options) {
        OptionType<T> type = option.type();
        OptionStatus status = OptionStatusTable.of(option);
        out.append("# ").append(option.description()).append('\n');
        if (status.level() != OptionStatus.Level.IMPLEMENTED) {
            out.append("# ").append(capitalised(status.level().words())).append(" in jsm: ").append(status.note())
                    .append('\n');
        }
        out.append("# Value: ").append(type.expected()).append("; default ").append(option.defaultText());
        boolean restart = !option.reloadable() && status.level() != OptionStatus.Level.NOT_IMPLEMENTED;
        out.append(restart ? "; needs a restart" : "").append('\n');
        // an extension at its default is shown commented out: OpenSM 3.3.23 reads the file as before
        String prefix = option.extension() && Objects.equals(options.get(option), option.defaultValue()) ? "#" : "";
        for (String text : type.formatLines(options.get(option))) {
            out.append(prefix).append(option.name()).append(' ').append(text).append('\n');
        }
        out.append('\n');
    }
}
