package dev.jsm.sa.codec;

/**
 * Checks and copies the table arrays the table records carry.
 *
 * <p>Stateless.
 */
final class TableBytes {

    private TableBytes() {
    }

    /**
     * A copy of {@code table}.
     *
     * @throws IllegalArgumentException unless it has {@code size} bytes
     */
    static byte[] copy(byte[] table, int size, String what) {
        if (table.length != size) {
            throw new IllegalArgumentException(what + " has " + size + " bytes, not " + table.length);
        }
        return table.clone();
    }
}
