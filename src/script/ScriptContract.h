// The host <-> script contract in one place: the Lua registry keys where the
// host keeps the support scripts' tables. Script-facing names of the
// scheduler that only the host may use are listed in Sandbox.cpp (kHostOnly).
#pragma once

namespace stagehand::contract {

// WaitSupport.lua's module table (the scheduler).
constexpr const char* kScheduler = "stagehand.scheduler";
// StageSupport.lua's chunk result: function(stage, scheduler) -> api, runner.
constexpr const char* kStageSupport = "stagehand.stageSupport";
// The stage API table scenes see, and the scene runner StageSupport returns.
constexpr const char* kStageApi = "stagehand.stageApi";
constexpr const char* kSceneRunner = "stagehand.sceneRunner";
// SceneSource.lua's module (the one reader of a scene's source) and
// ApiDescription.lua's table, which it reads calls by.
constexpr const char* kSourceReader = "stagehand.sourceReader";
constexpr const char* kApiDescription = "stagehand.apiDescription";

}  // namespace stagehand::contract
