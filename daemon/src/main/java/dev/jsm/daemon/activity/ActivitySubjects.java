package dev.jsm.daemon.activity;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The value of {@code activity_report_subjects} read: a comma-separated list of subjects ({@code mc}, {@code prtn},
 * {@code virt}, {@code routing}; spaces around them and letter case do not matter), {@code all} for every subject,
 * {@code none} (the default) for no subject. {@code none} adds nothing, so {@code none,mc} means {@code mc}; empty
 * items are skipped. An unknown item is a problem naming it and what is expected, and is otherwise ignored, so one
 * typo does not switch the other subjects off.
 *
 * <p>Immutable; safe to share.
 *
 * @param enabled the subjects switched on
 * @param problems one message per unknown item, for the log
 */
public record ActivitySubjects(Set<ActivitySubject> enabled, List<String> problems) {

    /** No subject: no report. */
    public static final ActivitySubjects NONE = new ActivitySubjects(EnumSet.noneOf(ActivitySubject.class),
            List.of());

    public ActivitySubjects {
        enabled = Collections.unmodifiableSet(enabled.isEmpty() ? EnumSet.noneOf(ActivitySubject.class)
                : EnumSet.copyOf(enabled));
        problems = List.copyOf(problems);
    }

    /**
     * Reads the option's value.
     *
     * @param value the option's value; {@code null} (unset) means {@code none}
     */
    public static ActivitySubjects parse(String value) {
        if (value == null) {
            return NONE;
        }
        Set<ActivitySubject> enabled = EnumSet.noneOf(ActivitySubject.class);
        List<String> problems = new ArrayList<>();
        for (String raw : value.split(",", -1)) {
            String item = raw.strip().toLowerCase(Locale.ROOT);
            if (item.isEmpty() || item.equals("none")) {
                continue;
            }
            if (item.equals("all")) {
                enabled.addAll(EnumSet.allOf(ActivitySubject.class));
                continue;
            }
            ActivitySubject subject = subject(item);
            if (subject == null) {
                problems.add("activity_report_subjects: unknown subject '" + raw.strip() + "' ignored; expected a "
                        + "comma-separated list of mc, prtn, virt, routing, or all, or none");
            } else {
                enabled.add(subject);
            }
        }
        return new ActivitySubjects(enabled, problems);
    }

    /** Whether {@code activity} is to be reported. */
    public boolean reports(Activity activity) {
        return activity.isIn(enabled);
    }

    /** Whether no activity is reported. */
    public boolean isNone() {
        return enabled.isEmpty();
    }

    private static ActivitySubject subject(String item) {
        for (ActivitySubject s : ActivitySubject.values()) {
            if (s.optionName().equals(item)) {
                return s;
            }
        }
        return null;
    }
}
