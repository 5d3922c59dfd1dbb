package dev.jsm.packaging;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The metric names a PromQL expression reads, from an alerting rule or a Grafana panel (whose template variables,
 * {@code $name}, {@code ${name}} and {@code $__rate_interval}, are skipped). A small tokenizer, not a parser:
 * string literals, label matchers ({@code {...}}), ranges and subqueries ({@code [...]}), comments, numbers and
 * durations are skipped, and so are the label lists after {@code by}, {@code without}, {@code on}, {@code ignoring},
 * {@code group_left} and {@code group_right}. An identifier followed by {@code (} must be a PromQL function or
 * aggregation (or Grafana's {@code label_values}, whose last argument is a label name), else the expression is
 * refused; an aggregation may also be followed by {@code by} or {@code without}; the binary operators and other
 * keywords are skipped; every other identifier is a metric name.
 *
 * <p>Stateless.
 */
final class PromQlNames {

    /** PromQL's functions (Prometheus 2.x and 3.x) and aggregation operators. */
    private static final Set<String> FUNCTIONS = Set.of("abs", "absent", "absent_over_time", "acos", "acosh", "asin",
            "asinh", "atan", "atanh", "avg_over_time", "ceil", "changes", "clamp", "clamp_max", "clamp_min", "cos",
            "cosh", "count_over_time", "day_of_month", "day_of_week", "day_of_year", "days_in_month", "deg", "delta",
            "deriv", "double_exponential_smoothing", "end", "exp", "floor", "histogram_avg", "histogram_count",
            "histogram_fraction", "histogram_quantile", "histogram_stddev", "histogram_stdvar", "histogram_sum",
            "holt_winters", "hour", "idelta", "increase", "info", "irate", "label_join", "label_replace",
            "last_over_time", "ln", "log10", "log2", "mad_over_time", "max_over_time", "min_over_time", "minute",
            "month", "pi", "predict_linear", "present_over_time", "quantile_over_time", "rad", "rate", "resets",
            "round", "scalar", "sgn", "sin", "sinh", "sort", "sort_by_label", "sort_by_label_desc", "sort_desc",
            "sqrt", "start", "stddev_over_time", "stdvar_over_time", "sum_over_time", "tan", "tanh", "time",
            "timestamp", "vector", "year");
    /** PromQL's aggregation operators: followed by {@code (}, or by {@code by}/{@code without} and a label list. */
    private static final Set<String> AGGREGATIONS = Set.of("avg", "bottomk", "count", "count_values", "group",
            "limit_ratio", "limitk", "max", "min", "quantile", "stddev", "stdvar", "sum", "topk");
    /** Keywords followed by a list of label names in parentheses. */
    private static final Set<String> LABEL_LISTS = Set.of("by", "without", "on", "ignoring", "group_left",
            "group_right");
    /** The other keywords: binary operators, modifiers, special numbers. */
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "atan2", "offset", "bool", "inf",
            "nan");
    /** Grafana's query of a template variable's values: {@code label_values(selector, label)}. */
    private static final String LABEL_VALUES = "label_values";

    private final String text;
    private final Set<String> names = new TreeSet<>();
    private int at;

    private PromQlNames(String text) {
        this.text = text;
    }

    /**
     * The metric names {@code expr} reads, in name order.
     *
     * @throws IllegalArgumentException if it calls a function PromQL does not have, or a bracket or string is not
     *     closed
     */
    static Set<String> of(String expr) {
        PromQlNames t = new PromQlNames(expr);
        t.scan(expr.length());
        return t.names;
    }

    private void scan(int end) {
        while (at < end) {
            char c = text.charAt(at);
            if (c == '"' || c == '\'' || c == '`') {
                skipString();
            } else if (c == '{') {
                at = closing('{', '}') + 1;
            } else if (c == '[') {
                at = closing('[', ']') + 1;
            } else if (c == '#') {
                int eol = text.indexOf('\n', at);
                at = eol < 0 ? text.length() : eol;
            } else if (c == '$') {
                skipVariable();
            } else if (Character.isDigit(c) || c == '.' && at + 1 < end && Character.isDigit(text.charAt(at + 1))) {
                while (at < end && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '.')) {
                    at++;
                }
            } else if (isIdentifierStart(c)) {
                identifier();
            } else {
                at++;
            }
        }
    }

    private void identifier() {
        int start = at;
        while (at < text.length() && isIdentifierPart(text.charAt(at))) {
            at++;
        }
        String word = text.substring(start, at);
        String lower = word.toLowerCase(Locale.ROOT);
        int next = skipSpace(at);
        boolean call = next < text.length() && text.charAt(next) == '(';
        if (AGGREGATIONS.contains(lower) && (call || startsWithWord(next, "by") || startsWithWord(next, "without"))) {
            return;
        }
        if (LABEL_LISTS.contains(lower)) {
            if (call) {
                at = next;
                at = closing('(', ')') + 1;
            }
        } else if (KEYWORDS.contains(lower)) {
            return;
        } else if (word.equals(LABEL_VALUES) && call) {
            at = next;
            int close = closing('(', ')');
            int comma = lastTopLevelComma(next + 1, close);
            at = next + 1;
            if (comma >= 0) {
                scan(comma);
            }
            at = close + 1;
        } else if (call) {
            if (!FUNCTIONS.contains(lower)) {
                throw new IllegalArgumentException("not a PromQL function: " + word + "( in " + text);
            }
        } else {
            names.add(word);
        }
    }

    /** The index of the bracket closing the one at {@code at}, strings inside skipped. */
    private int closing(char open, char close) {
        int depth = 0;
        int start = at;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '"' || c == '\'' || c == '`') {
                skipString();
                continue;
            }
            if (c == open) {
                depth++;
            } else if (c == close && --depth == 0) {
                int end = at;
                at = start;
                return end;
            }
            at++;
        }
        throw new IllegalArgumentException("'" + open + "' at " + start + " is not closed in " + text);
    }

    /** The last comma between {@code from} and {@code to} outside brackets and strings, or -1. */
    private int lastTopLevelComma(int from, int to) {
        int comma = -1;
        at = from;
        while (at < to) {
            char c = text.charAt(at);
            if (c == '"' || c == '\'' || c == '`') {
                skipString();
            } else if (c == '{' || c == '(' || c == '[') {
                at = closing(c, c == '{' ? '}' : c == '(' ? ')' : ']') + 1;
            } else {
                if (c == ',') {
                    comma = at;
                }
                at++;
            }
        }
        return comma;
    }

    private void skipString() {
        char quote = text.charAt(at++);
        while (at < text.length() && text.charAt(at) != quote) {
            at += text.charAt(at) == '\\' && quote != '`' ? 2 : 1;
        }
        if (at >= text.length()) {
            throw new IllegalArgumentException("string not closed in " + text);
        }
        at++;
    }

    /** {@code ${name}} or {@code $name}: a Grafana variable. */
    private void skipVariable() {
        at++;
        if (at < text.length() && text.charAt(at) == '{') {
            at = closing('{', '}') + 1;
            return;
        }
        while (at < text.length() && isIdentifierPart(text.charAt(at))) {
            at++;
        }
    }

    /** Whether the word at {@code from} is {@code word} (in any case). */
    private boolean startsWithWord(int from, String word) {
        int end = from + word.length();
        return text.regionMatches(true, from, word, 0, word.length())
                && (end >= text.length() || !isIdentifierPart(text.charAt(end)));
    }

    private int skipSpace(int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isIdentifierStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':';
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || c >= '0' && c <= '9';
    }
}
