package dev.jsm.daemon.mgmt;

/**
 * The answer to a plan asked on the management port ({@link ManagedSm#plan}): the plan as text and as JSON, or why
 * there is none.
 *
 * @param outcome whether the plan ran, another was running or it could not run
 * @param text the plan as the console prints it, or the reason there is none (one line)
 * @param json the plan as JSON ({@code PlanJson}) when it ran, else {@code null}
 */
public record PlanAnswer(Outcome outcome, String text, String json) {

    /** What became of the request. */
    public enum Outcome {
        /** The plan ran; {@code text} and {@code json} hold it. */
        DONE,
        /** Another plan was running; this one did not start. */
        BUSY,
        /** The plan could not run (a file with errors, no configuration file, a sweep failed); {@code text} says. */
        FAILED
    }

    /** The answer while another plan runs. */
    public static PlanAnswer busy() {
        return new PlanAnswer(Outcome.BUSY, "a plan is running; ask again when it has ended", null);
    }

    /** The answer of a plan that could not run. */
    public static PlanAnswer failed(String why) {
        return new PlanAnswer(Outcome.FAILED, why, null);
    }
}
