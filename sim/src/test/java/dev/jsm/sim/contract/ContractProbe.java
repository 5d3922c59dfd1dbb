package dev.jsm.sim.contract;

import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.mad.umad.UmadException;
import java.io.IOException;

/**
 * The child-process side of {@link SimIbsimContractIT}: runs {@link ContractScript} over a {@link UmadChannel} on the
 * first port umad2sim offers (the ibsim node named by {@code SIM_HOST}) and prints each line prefixed with
 * {@value #PREFIX}. Exit status 0 when the script ran to its end, 1 when it stopped early, 2 when the channel could
 * not be opened.
 *
 * <p>Confined to its main thread.
 */
public final class ContractProbe {

    /** Prefix of the contract lines on standard output. */
    static final String PREFIX = "CONTRACT ";

    private ContractProbe() {
    }

    /** Runs the contract against ibsim; takes no arguments. */
    public static void main(String[] args) throws InterruptedException {
        UmadChannel channel;
        try {
            channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults());
        } catch (UmadException e) {
            System.out.println("UMADERROR reason=" + e.reason() + " message=" + e.getMessage());
            System.exit(2);
            return;
        }
        int status = 0;
        try (channel) {
            ContractScript.run(channel, line -> System.out.println(PREFIX + line));
        } catch (IOException | IllegalStateException e) {
            System.out.println("CONTRACTERROR " + e);
            status = 1;
        }
        System.out.flush();
        System.exit(status);
    }
}
