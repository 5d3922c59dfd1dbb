package dev.jsm.routing.chain;

/**
 * How a step of a routing chain names its dump files (docs/reference/opensm-behaviour.md#routing-chains): the step's
 * {@code <id>.<engine>} goes before the file's extension, {@code opensm-lid-matrix.dump} becoming
 * {@code opensm-lid-matrix.2.minhop.dump} and {@code opensm-subnet.lst} {@code opensm-subnet.4.updn.lst}; a name
 * whose last dot-part is not an extension ({@code opensm.fdbs}) gets it at the end: {@code opensm.fdbs.3.ftree}.
 *
 * <p>Stateless.
 */
public final class StepFileNames {

    private StepFileNames() {
    }

    /**
     * The name of {@code fileName} as step {@code label} writes it.
     *
     * @param fileName the file's name for a whole-fabric routing
     * @param label the step's {@code <id>.<engine>}
     */
    public static String of(String fileName, String label) {
        int dot = fileName.lastIndexOf('.');
        String ext = dot < 0 ? "" : fileName.substring(dot + 1);
        if (ext.equals("dump") || ext.equals("lst") || ext.equals("txt") || ext.equals("conf")) {
            return fileName.substring(0, dot) + "." + label + "." + ext;
        }
        return fileName + "." + label;
    }
}
