-- walkTo calls the engine's walkToPoint for the scene: the error names walkTo,
-- the function this line wrote, at this line; one line unless --traceback.
function scene()
    activate("jackie")
    walkTo("jackie", "nowhere")
end
