package dev.jsm.sim.contract;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadChannel;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * The contract's scripted SMP sequence, the same over any {@link MadChannel}: {@link FabricCrawl},
 * {@link FabricBringUp}, {@link TableChecks}, {@link KnownDifferenceCases}, {@link SmWriteChecks}, framed by a
 * {@code LOCALPORT} line and an {@code END} line with the number of SMPs sent. Every line is
 * {@code <label> => <answer>}; decisions (which node to visit, which LIDs to route) come from the answers, so the
 * sequence is a pure function of the fabric's behaviour.
 *
 * <p>Confined to the calling thread.
 */
final class ContractScript {

    private ContractScript() {
    }

    /**
     * Runs the sequence on {@code channel}, handing each line to {@code out}.
     *
     * @throws IllegalStateException if the local port does not answer at all
     */
    static void run(MadChannel channel, Consumer<String> out) throws IOException, InterruptedException {
        ScriptedSmps smps = new ScriptedSmps(channel, out);
        LocalPort lp = channel.localPort();
        smps.print("LOCALPORT", String.format("port=%d guid=0x%x lid=%d smlid=%d state=%d", lp.portNum(),
                lp.portGuid(), lp.lid(), lp.smLid(), lp.state()));
        CrawledFabric f = new FabricCrawl(smps).run();
        FabricBringUp bringUp = new FabricBringUp(smps, f);
        int maxLid = bringUp.run();
        new TableChecks(smps, f, bringUp).run();
        new KnownDifferenceCases(smps, f, bringUp).run();
        new SmWriteChecks(smps, f, bringUp).run();
        smps.print("END", "smps=" + smps.count() + " nodes=" + f.nodes.size() + " maxLid=" + maxLid);
    }
}
