package dev.jsm.sa.query;

/**
 * Answers SA requests from an {@link SaView} alone, for callers that have a view but no agent (tests, tools): the
 * rows of the SA table ({@link SaDispatch}) for the records read from the view, ClassPortInfo to
 * MultiPathRecord ({@link SaHandlers}), with the table's Get rule and its answers to pairs it does not serve.
 * The records an agent keeps (ServiceRecord, MCMemberRecord, InformInfo, InformInfoRecord) are not served here.
 * Requests are taken as arriving through RMPP where their method uses it (GetMulti).
 *
 * <p>Stateless; thread-safe.
 */
public final class SaQueryEngine {

    private static final SaDispatch VIEW_RECORDS = SaHandlers.viewRecordsOnly();

    /**
     * Answers a request for a record of the view.
     *
     * @return the answer; {@link SaAnswer#drop()} for a method the SA does not take, or where the record's handler
     *     does not answer (a requester LID the view does not know, for P_KeyTableRecord and MultiPathRecord)
     */
    public SaAnswer answer(SaView view, SaRequest request) {
        return VIEW_RECORDS.answer(view, request, true, 0);
    }
}
