package dev.jsm.daemon.log;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code per_module_logging_file} as OpenSM reads it (docs/reference/opensm-behaviour.md#per-module-logging):
 * one module per line, its name then its level mask ({@code osm_sm.c 0x08}, {@code osm_sm.c=0x08}, or with a comma
 * or tab), {@code #} comment lines and blank lines skipped, a later line for the same module replacing the earlier;
 * a message is written if its level is in {@code log_flags} or in its module's mask. {@link #read} returns the
 * masks by jsm logger prefix ({@link OpenSmModules}), or the problems, each as {@code file:line: what was
 * expected}; a file that does not exist sets no module masks, as in OpenSM.
 *
 * <p>Immutable results; the reading is stateless.
 */
public final class PerModuleLogging {

    /** What {@link #read} made of the file: the masks by logger prefix, or the problems (then no masks). */
    public record Result(Map<String, Integer> masks, List<String> problems) {
        public Result {
            masks = Map.copyOf(masks);
            problems = List.copyOf(problems);
        }
    }

    private PerModuleLogging() {
    }

    /** Reads {@code file} ({@code null}: none). */
    public static Result read(String file) {
        if (file == null || file.isBlank()) {
            return new Result(Map.of(), List.of());
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(file), StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
            return new Result(Map.of(), List.of());
        } catch (IOException e) {
            return new Result(Map.of(), List.of(file + ": cannot be read: " + e.getMessage()));
        }
        return parse(file, lines);
    }

    /** Parses the lines of {@code file}. */
    static Result parse(String file, List<String> lines) {
        Map<String, Integer> byModule = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String where = file + ":" + (i + 1) + ": ";
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] nameAndRest = line.split("[ =,\\t]+", 2);
            if (nameAndRest.length < 2 || nameAndRest[1].isBlank()) {
                problems.add(where + "missing log level after module " + nameAndRest[0]
                        + " (expected a mask 0..0xff, as 0x0f)");
                continue;
            }
            String name = nameAndRest[0];
            String level = nameAndRest[1].split("[ \\t]+")[0];
            if (OpenSmModules.loggers(name).isEmpty()) {
                problems.add(where + "unknown module " + name + " (expected one of OpenSM's source files, as "
                        + "osm_sm.c or osm_ucast_mgr.c, or a jsm logger name starting with dev.jsm.)");
                continue;
            }
            Integer mask = mask(level);
            if (mask == null) {
                problems.add(where + "bad log level " + level + " for module " + name
                        + " (expected a mask 0..0xff: decimal, 0x hex or 0 octal)");
                continue;
            }
            byModule.put(name, mask);
        }
        if (!problems.isEmpty()) {
            return new Result(Map.of(), problems);
        }
        Map<String, Integer> byLogger = new TreeMap<>();
        byModule.forEach((name, mask) -> OpenSmModules.loggers(name).orElseThrow()
                .forEach(logger -> byLogger.merge(logger, mask, (a, b) -> a | b)));
        return new Result(byLogger, List.of());
    }

    /** A mask as C's {@code strtoul(s, NULL, 0)} reads it, 0..255; {@code null} if it is not one. */
    static Integer mask(String s) {
        try {
            long v;
            if (s.startsWith("0x") || s.startsWith("0X")) {
                v = Long.parseLong(s.substring(2), 16);
            } else if (s.length() > 1 && s.startsWith("0")) {
                v = Long.parseLong(s.substring(1), 8);
            } else {
                v = Long.parseLong(s);
            }
            return v >= 0 && v <= 0xFF ? (int) v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
